import { RpcError, RequestTimeoutError, type CallToolResult } from '../../src/index.js';
import { toAnthropicToolResult, toOpenAiChatToolMessages, toOpenAiResponsesToolOutput, toolOutput } from '../../src/agent/index.js';

const PNG = 'iVBORw0KGgo=';
const result = (content: CallToolResult['content'], extra: Partial<CallToolResult> = {}): CallToolResult => ({ resultType: 'complete', content, ...extra });

describe('tool results for models', () => {
  it('joins text blocks and adds structured content as JSON (once)', () => {
    expect(toolOutput(result([{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }], { structuredContent: { sum: 5 } })).parts).toEqual([{ type: 'text', text: 'a\nb\n{"sum":5}' }]);
    expect(toolOutput(result([{ type: 'text', text: '{ "sum": 5 }' }], { structuredContent: { sum: 5 } })).parts).toEqual([{ type: 'text', text: '{ "sum": 5 }' }]);
  });

  it('resource links and text resources become text; binary resources a notice', () => {
    const output = toolOutput(result([
      { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', mimeType: 'text/plain', description: 'Notes' },
      { type: 'resource', resource: { uri: 'file:///b.md', mimeType: 'text/markdown', text: '# B' } },
      { type: 'resource', resource: { uri: 'file:///c.bin', blob: 'AAAA' } },
    ]));
    expect(output.parts).toEqual([{
      type: 'text',
      text: 'Resource link: a.txt <file:///a.txt> (text/plain): Notes\nResource file:///b.md (text/markdown):\n# B\n[Resource file:///c.bin (application/octet-stream, 3 bytes): binary, not shown]',
    }]);
  });

  it('an image result becomes an image part: a follow-up user message in Chat Completions, never base64 text', () => {
    const output = toolOutput(result([{ type: 'text', text: 'chart' }, { type: 'image', data: PNG, mimeType: 'image/png' }]));
    const messages = toOpenAiChatToolMessages([{ callId: 'c1', name: 'plot', output }, { callId: 'c2', output: toolOutput(result([{ type: 'text', text: 'ok' }])) }]);
    expect(messages).toEqual([
      { role: 'tool', tool_call_id: 'c1', content: 'chart\n[1 attachment(s) follow in the next message]' },
      { role: 'tool', tool_call_id: 'c2', content: 'ok' },
      { role: 'user', content: [{ type: 'text', text: 'Attachments returned by tool call c1 (plot):' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } }] },
    ]);
    expect(messages.slice(0, 2).some((message) => JSON.stringify(message).includes(PNG))).toBeFalse();
  });

  it('an image result becomes an input_image in the Responses API and an image block for Anthropic', () => {
    const output = toolOutput(result([{ type: 'text', text: 'chart' }, { type: 'image', data: PNG, mimeType: 'image/png' }]));
    expect(toOpenAiResponsesToolOutput({ callId: 'c1', output })).toEqual({
      type: 'function_call_output', call_id: 'c1', output: [{ type: 'input_text', text: 'chart' }, { type: 'input_image', image_url: `data:image/png;base64,${PNG}` }],
    });
    expect(toAnthropicToolResult({ callId: 'toolu_1', output })).toEqual({
      type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'chart' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }],
    });
  });

  it('audio: input_audio for wav and mp3 in Chat Completions, a notice where the provider takes none', () => {
    const output = toolOutput(result([{ type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' }, { type: 'audio', data: 'T2dn', mimeType: 'audio/ogg' }]));
    const [tool, user] = toOpenAiChatToolMessages([{ callId: 'c', output }]);
    expect(tool).toEqual({ role: 'tool', tool_call_id: 'c', content: '[audio (audio/ogg) not shown: this model API does not accept it]\n[1 attachment(s) follow in the next message]' });
    expect(user).toEqual({ role: 'user', content: [{ type: 'text', text: 'Attachments returned by tool call c:' }, { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } }] });
    expect(toAnthropicToolResult({ callId: 't', output }).content).toEqual([{ type: 'text', text: '[audio (audio/wav) not shown: the Messages API does not accept it]\n[audio (audio/ogg) not shown: the Messages API does not accept it]' }]);
  });

  it('isError results are marked as errors', () => {
    const output = toolOutput(result([{ type: 'text', text: 'no such file' }], { isError: true }));
    expect(output.isError).toBeTrue();
    expect(toOpenAiChatToolMessages([{ callId: 'c', output }])).toEqual([{ role: 'tool', tool_call_id: 'c', content: 'Error: no such file' }]);
    expect(toAnthropicToolResult({ callId: 't', output })).toEqual({ type: 'tool_result', tool_use_id: 't', content: [{ type: 'text', text: 'no such file' }], is_error: true });
  });

  it('a call that errored becomes a model-visible error message', () => {
    expect(toolOutput({ error: new RpcError(-32602, 'Unknown tool: nope') })).toEqual({
      isError: true, parts: [{ type: 'text', text: 'The tool call failed (error -32602): Unknown tool: nope' }], truncated: false,
    });
    expect(toolOutput({ error: new RequestTimeoutError('tools/call', 'first', 100) }).parts[0]).toEqual(jasmine.objectContaining({ text: jasmine.stringMatching(/^The tool call failed: /) }));
    expect(toolOutput({ error: undefined, denied: true }).parts).toEqual([{ type: 'text', text: 'The user denied this tool call; it was not run.' }]);
  });

  it('an oversized result is cut to its head and tail with a notice', () => {
    const text = `HEAD${'x'.repeat(50_000)}TAIL`;
    const output = toolOutput(result([{ type: 'text', text }]), { maxTextChars: 1000 });
    const cut = output.parts[0] as { text: string };
    expect(output.truncated).toBeTrue();
    expect(cut.text.startsWith('HEAD')).toBeTrue();
    expect(cut.text.endsWith('TAIL')).toBeTrue();
    expect(cut.text).toContain(`[… ${text.length - 1000} of ${text.length} characters left out …]`);
    expect(cut.text.length).toBeLessThan(1100);
  });

  it('media over the byte budget is replaced by a notice', () => {
    const output = toolOutput(result([{ type: 'image', data: 'A'.repeat(4000), mimeType: 'image/png' }]), { maxMediaBytes: 1000 });
    expect(output.parts).toEqual([{ type: 'text', text: '[image (image/png, 3000 bytes) left out: over the 1000-byte limit]' }]);
  });

  it('an empty result says so', () => {
    expect(toolOutput(result([])).parts).toEqual([{ type: 'text', text: '(no output)' }]);
  });
});
