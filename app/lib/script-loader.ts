/** The part of `document` the third-party loaders need, so they can be tested without a browser. */
export type ScriptHost = {
  createElement(tag: 'script'): { src: string; async: boolean; dataset: DOMStringMap };
  head: { appendChild(node: unknown): unknown };
  querySelector(selector: string): unknown;
};

/** Adds an async script once; returns whether it was added now. */
export function loadScriptOnce(doc: ScriptHost, src: string, name: string): boolean {
  if (doc.querySelector(`script[data-third-party="${name}"]`)) return false;
  const script = doc.createElement('script');
  script.src = src;
  script.async = true;
  script.dataset.thirdParty = name;
  doc.head.appendChild(script);
  return true;
}
