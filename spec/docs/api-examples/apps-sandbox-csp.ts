// #region example
import { sandboxCsp } from 'rxmcp/apps';

const url = new URL('https://sandbox.example.com/proxy.html?csp=%7B%7D');
const header = sandboxCsp(url.searchParams.get('csp'));
console.log(header.startsWith("default-src 'none'"));
// #endregion
