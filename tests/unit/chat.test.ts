import { describe, expect, it } from 'vitest';
import { chatAccepted, chatBody, chatFormat } from '../../worker/forms/chat';

/**
 * One alert, in each chat's documented webhook shape, and what each answers
 * when it took it (worker/forms/chat.ts). The text is made inert for the
 * platform's markup even though the site writes it itself.
 */
const message = {
  title: '[jeepfl.ch] 1 request not e-mailed',
  lines: ['A line with [a link](https://evil.example) <!channel> @here @everyone *bold* _it_ `code`', 'two\nlines\u0007'],
};

describe('the platform of a webhook', () => {
  it.each([
    ['https://hooks.slack.com/services/T0/B0/x', 'slack'],
    ['https://discord.com/api/webhooks/1/x', 'discord'],
    ['https://discordapp.com/api/webhooks/1/x', 'discord'],
    ['https://chat.googleapis.com/v1/spaces/A/messages?key=k', 'googlechat'],
    ['https://prod-12.westeurope.logic.azure.com:443/workflows/a/triggers/manual/paths/invoke?sig=x', 'teams'],
    [
      'https://default0000.00.environment.api.powerplatform.com:443/powerautomate/automations/direct/workflows/a/triggers/manual/paths/invoke?sig=x',
      'teams',
    ],
    ['https://mattermost.example.org/hooks/abc', 'mattermost'],
  ])('%s is %s', (url, format) => {
    expect(chatFormat(url)).toBe(format);
  });

  it('a setting wins over the address; an unknown setting does not', () => {
    expect(chatFormat('https://chat.example.org/hooks/abc', 'teams')).toBe('teams');
    expect(chatFormat('https://hooks.slack.com/services/x', 'irc')).toBe('slack');
  });
});

describe('the body each platform reads', () => {
  it('Slack: `text` in mrkdwn, its three entities escaped, no unfurling', () => {
    const body = chatBody('slack', message);
    expect(Object.keys(body).sort()).toEqual(['text', 'unfurl_links', 'unfurl_media']);
    expect(body.text).toContain('&lt;!channel&gt;');
    expect(body.text).not.toMatch(/[<>]/);
  });

  it('Discord: `content` with no mention parsed, at most 2,000 characters', () => {
    const body = chatBody('discord', { title: 't', lines: ['x'.repeat(5000), 'y'.repeat(5000)] });
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(String(body.content).length).toBeLessThanOrEqual(2000);
    expect(chatBody('discord', message).content).toContain('\\[a link\\]\\(https://evil.example\\)');
  });

  it('Google Chat: `text` alone (it refuses fields it does not know)', () => {
    const body = chatBody('googlechat', message);
    expect(Object.keys(body)).toEqual(['text']);
    expect(body.text).not.toMatch(/[<>]/);
  });

  it('Mattermost: `text`, Markdown escaped', () => {
    const body = chatBody('mattermost', message);
    expect(Object.keys(body)).toEqual(['text']);
    expect(body.text).toContain('\\*bold\\*');
  });

  it('Teams Workflows: an Adaptive Card in a message, one TextBlock per line', () => {
    const body = chatBody('teams', message) as {
      type: string;
      attachments: { contentType: string; content: { type: string; version: string; body: { type: string; text: string }[] } }[];
    };
    expect(body.type).toBe('message');
    expect(body.attachments).toHaveLength(1);
    const [card] = body.attachments;
    expect(card!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card!.content.type).toBe('AdaptiveCard');
    expect(card!.content.version).toBe('1.4');
    expect(card!.content.body.map((b) => b.type)).toEqual(['TextBlock', 'TextBlock', 'TextBlock']);
    // No link can form: a zero-width space after each bracket.
    expect(card!.content.body[1]!.text).not.toContain('](');
  });

  it.each(['slack', 'discord', 'googlechat', 'mattermost', 'teams'] as const)(
    '%s: no mention can ping, no control character, no line break inside a line',
    (format) => {
      const json = JSON.stringify(chatBody(format, message));
      expect(json).not.toMatch(/@(here|everyone|channel)\b/);
      expect(json).not.toContain('\\u0007');
      expect(json).toContain('two lines');
    },
  );
});

describe('a delivery counts only on the answer that platform gives for success', () => {
  it.each([
    ['slack', 200, 'ok', true],
    ['slack', 200, 'invalid_payload', false],
    ['slack', 400, 'invalid_payload', false],
    ['mattermost', 200, 'ok', true],
    ['discord', 204, '', true],
    ['discord', 400, '{"message":"Cannot send an empty message"}', false],
    ['googlechat', 200, '{"name":"spaces/A/messages/B"}', true],
    ['googlechat', 400, '{"error":{}}', false],
    ['teams', 202, '', true],
    ['teams', 200, '1', false],
  ] as const)('%s answering %i %s: %s', (format, status, body, ok) => {
    expect(chatAccepted(format, status, body)).toBe(ok);
  });
});
