import { Client } from '@modelcontextprotocol/sdk/client/index.js';
declare const client: Client;
// #region guide
import { LoggingMessageNotificationSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => console.log(notification.params.data));
client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
  const { tools } = await client.listTools(); // and the next pages, and a refresh already in flight...
  console.log(tools.length);
});
// #endregion
