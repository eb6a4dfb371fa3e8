// In-app browsers (Facebook, Instagram, TikTok, Line, WeChat, Android WebViews) break Google's OAuth flow, so
// Google sign-in is blocked there (SPEC §2 Auth screen).
const IN_APP = /FBAN|FBAV|FB_IAB|Instagram|Line\/|MicroMessenger|TikTok|musical_ly|Snapchat|Twitter|; wv\)|WebView/i;

export function isInAppBrowser(userAgent: string): boolean {
  return IN_APP.test(userAgent);
}
