import { hasCapability } from '../../src/protocol/model/capabilities.js';
import { isContentOfType, isTextResourceContents, type ContentBlock } from '../../src/protocol/model/content.js';
import { isUrlElicitation } from '../../src/protocol/model/elicitation.js';
import { isCompleteResult, isInputRequiredResult } from '../../src/protocol/model/mrtr.js';
import { isLevelAtLeast } from '../../src/protocol/model/notifications.js';
import { toolDisplayName } from '../../src/protocol/model/tools.js';

describe('protocol model guards', () => {
  it('hasCapability follows a path and treats false and missing as absent', () => {
    const caps = { resources: { subscribe: true, listChanged: false }, tools: {} };
    expect(hasCapability(caps, ['tools'])).toBeTrue();
    expect(hasCapability(caps, ['resources', 'subscribe'])).toBeTrue();
    expect(hasCapability(caps, ['resources', 'listChanged'])).toBeFalse();
    expect(hasCapability(caps, ['prompts'])).toBeFalse();
    expect(hasCapability(caps, ['tools', 'listChanged'])).toBeFalse();
    expect(hasCapability(undefined, ['tools'])).toBeFalse();
    expect(hasCapability(caps, ['constructor'])).toBeFalse();
  });

  it('tells input_required results from completed ones', () => {
    expect(isInputRequiredResult({ resultType: 'input_required', requestState: 's' })).toBeTrue();
    expect(isInputRequiredResult({ resultType: 'complete', content: [] })).toBeFalse();
    expect(isInputRequiredResult(null)).toBeFalse();
    expect(isCompleteResult({ resultType: 'complete' })).toBeTrue();
    expect(isCompleteResult({ resultType: 'task' })).toBeFalse();
  });

  it('narrows content blocks and resource contents', () => {
    const block: ContentBlock = { type: 'image', data: 'AA', mimeType: 'image/png' };
    expect(isContentOfType(block, 'image')).toBeTrue();
    expect(isContentOfType(block, 'text')).toBeFalse();
    expect(isTextResourceContents({ uri: 'a', text: '' })).toBeTrue();
    expect(isTextResourceContents({ uri: 'a', blob: 'AA' })).toBeFalse();
  });

  it('prefers the tool title, then the annotation title, then the name', () => {
    const inputSchema = { type: 'object' };
    expect(toolDisplayName({ name: 'n', title: 't', annotations: { title: 'a' }, inputSchema })).toBe('t');
    expect(toolDisplayName({ name: 'n', annotations: { title: 'a' }, inputSchema })).toBe('a');
    expect(toolDisplayName({ name: 'n', inputSchema })).toBe('n');
  });

  it('orders log levels by severity and spots URL elicitations', () => {
    expect(isLevelAtLeast('error', 'warning')).toBeTrue();
    expect(isLevelAtLeast('info', 'notice')).toBeFalse();
    expect(isLevelAtLeast('debug', 'debug')).toBeTrue();
    expect(isUrlElicitation({ mode: 'url', message: 'm', url: 'https://x' })).toBeTrue();
    expect(isUrlElicitation({ message: 'm', requestedSchema: { type: 'object', properties: {} } })).toBeFalse();
  });
});
