import { createClient, type Transport } from 'rxmcp';
declare const transport: Transport;
declare function askTheUser(message: string): Promise<Record<string, string>>;
// #region guide
const client = createClient(transport, {
  handlers: {
    // A value, a Promise or an Observable; the capability is declared because the handler exists.
    elicitation: async (params) => ({ action: 'accept', content: await askTheUser(params.message) }),
    roots: () => ({ roots: [{ uri: 'file:///work' }] }),
  },
});
// #endregion
export { client };
