/**
 * The chatbot widget (docs/behaviour/languages-and-routes.md#page-frame): loaded lazily from an
 * external script, on the home route only, and hidden elsewhere. The script URL is the build setting
 * VITE_CHATBOT_URL; unset (the default, and in tests) means no chatbot. The script is added once,
 * after the page is idle, with a container `#aivg-chatbot` it may render into; leaving home hides the
 * container (and marks <html> so widgets that render elsewhere can be hidden by CSS).
 */
import { useEffect } from "react";
import { chatbotUrl } from "../../env";
import { loadChatbot, setChatbotVisible } from "./loader";

export function ChatbotWidget({ url = chatbotUrl }: { url?: string }) {
  useEffect(() => {
    if (!url) return;
    setChatbotVisible(true);
    const cancel = loadChatbot(url);
    return () => {
      cancel();
      setChatbotVisible(false);
    };
  }, [url]);
  return null;
}
