import type { FrameEvent } from 'rxmcp';
import { CallFrames } from '../../../examples/dashboard/src/model/call-frames.js';

const out = (message: object): FrameEvent => ({ direction: 'out', frame: { message } } as unknown as FrameEvent);
const inbound = (message: object): FrameEvent => ({ direction: 'in', frame: { message } } as unknown as FrameEvent);
const TRACE = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

describe('dashboard network view: which call caused a frame', () => {
  let frames: CallFrames;
  beforeEach(() => {
    frames = new CallFrames((traceparent) => (traceparent === TRACE ? 4 : undefined));
  });

  it('gives a traced request, its response and its cancellation to the call, an untraced request to none', () => {
    expect(frames.tag(out({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'x', _meta: { traceparent: TRACE } } }), undefined)).toBe(4);
    expect(frames.tag(out({ jsonrpc: '2.0', id: 10, method: 'tools/list', params: {} }), undefined)).toBeUndefined();
    expect(frames.tag(inbound({ jsonrpc: '2.0', id: 9, result: {} }), undefined)).toBe(4);
    expect(frames.tag(inbound({ jsonrpc: '2.0', id: 10, result: {} }), undefined)).toBeUndefined();
    expect(frames.tag(out({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 9 } }), undefined)).toBe(4);
  });

  it("gives what arrives on a call's stream to it, and the page's answer to a server request from there too", () => {
    expect(frames.tag(inbound({ jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } }), 4)).toBe(4);
    expect(frames.tag(inbound({ jsonrpc: '2.0', id: 'e1', method: 'elicitation/create', params: {} }), 4)).toBe(4);
    expect(frames.tag(out({ jsonrpc: '2.0', id: 'e1', result: { action: 'accept' } }), undefined)).toBe(4);
    expect(frames.tag(inbound({ jsonrpc: '2.0', method: 'notifications/message', params: {} }), undefined)).toBeUndefined();
  });
});
