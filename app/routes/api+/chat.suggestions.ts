import { chatSuggestions } from "~/services/chat/chat.server";
import { apiJson, methodNotAllowed } from "~/utils/api.server";

/** GET /api/chat/suggestions: `{ success: true, suggestions }`, the chat's quick questions. */
export function loader() {
  return apiJson({ success: true, suggestions: chatSuggestions() }, 200, { "Cache-Control": "public, max-age=300" });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
