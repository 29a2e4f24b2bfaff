// Preloaded (`node --import`) into an MCP server that listens on every interface: it binds to 127.0.0.1 instead,
// so that nothing but this machine can reach it (only a listen call without a host is changed), and it prints the
// port it got as `LOOPBACK_PORT <port>` on stderr for the process that started it.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnLoopback(...args) {
  const [first, second] = args;
  if (typeof first === 'number' && typeof second !== 'string') args.splice(1, 0, '127.0.0.1');
  else if (first !== null && typeof first === 'object' && first.path === undefined) args[0] = { ...first, host: '127.0.0.1' };
  this.once('listening', () => {
    const address = this.address();
    if (address !== null && typeof address === 'object') process.stderr.write(`LOOPBACK_PORT ${address.port}\n`);
  });
  return listen.apply(this, args);
};
