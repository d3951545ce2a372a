/**
 * Search engines and link-preview fetchers. They must see the page a URL
 * names (never a language redirect) and never the error page.
 */
const BOT_UA =
  /\bbot\b|bot\/|crawler|spider|slurp|googlebot|google-inspectiontool|googleother|bingbot|bingpreview|duckduckbot|duckassistbot|baiduspider|yandex|applebot|facebookexternalhit|facebookcatalog|meta-externalagent|linkedinbot|twitterbot|slackbot|slack-imgproxy|discordbot|telegrambot|whatsapp|skypeuripreview|embedly|pinterest|redditbot|quora link preview|mastodon|bluesky|ia_archiver|petalbot|semrushbot|ahrefsbot/i;

/** @example isBot('Mozilla/5.0 (compatible; Googlebot/2.1)') // true */
export function isBot(userAgent: string | undefined | null): boolean {
  return !!userAgent && BOT_UA.test(userAgent);
}
