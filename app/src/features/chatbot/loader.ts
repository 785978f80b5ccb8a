/** Adds the chatbot script once, when the browser is idle (it must never delay the page). */
const CONTAINER_ID = "aivg-chatbot";
let added = false;

function container(): HTMLElement {
  let element = document.getElementById(CONTAINER_ID);
  if (!element) {
    element = document.createElement("div");
    element.id = CONTAINER_ID;
    document.body.appendChild(element);
  }
  return element;
}

/** Schedules the script; returns a cancel for a schedule that has not run yet. */
export function loadChatbot(url: string): () => void {
  if (added) return () => undefined;
  const add = () => {
    if (added) return;
    added = true;
    container();
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.dataset.chatbot = "";
    document.body.appendChild(script);
  };
  if ("requestIdleCallback" in window) {
    const id = window.requestIdleCallback(add);
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(add, 0);
  return () => clearTimeout(id);
}

/** Shows or hides the widget (home only). */
export function setChatbotVisible(visible: boolean): void {
  document.documentElement.dataset.chatbot = visible ? "shown" : "hidden";
  const element = document.getElementById(CONTAINER_ID);
  if (element) element.hidden = !visible;
}

/** Tests only: forget that the script was added. */
export function resetChatbotForTests(): void {
  added = false;
}
