// The OAuth popup's redirect page: hands the authorization response to the dashboard that opened it, then closes.
import { completePopupRedirect } from 'rxmcp/oauth';

completePopupRedirect();
