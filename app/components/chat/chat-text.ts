// Texts the chat button on every page needs; the answers' texts are in
// chat-replies.ts, which only the chat panel and the /chat page load.

/** The page the toggle links to; it does the same as the widget through form posts. */
export const CHAT_PAGE_PATH = "/chat";

export const CHAT_TITLE = "Chat with us";

/** The widget is for the public site: not the admin area, and not the chat page itself. */
export function showsChatWidget(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return path !== CHAT_PAGE_PATH && path !== "/admin" && !path.startsWith("/admin/");
}
