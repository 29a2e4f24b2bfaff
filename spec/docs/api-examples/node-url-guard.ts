// #region example
import { oauth } from 'rxmcp/oauth';
import { nodeUrlGuard } from 'rxmcp/node';

const auth = oauth({ urlGuard: nodeUrlGuard({ allow: ['10.0.0.0/8', 'sso.lab.internal'] }) });
// #endregion
export { auth };
