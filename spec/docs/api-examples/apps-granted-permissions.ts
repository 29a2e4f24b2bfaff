// #region example
import { grantedPermissions } from 'rxmcp/apps';

const granted = grantedPermissions({ microphone: {}, clipboardWrite: {} }, ['clipboardWrite']);
console.log(Object.keys(granted)); // ['clipboardWrite']
// #endregion
