/**
 * Third-party scripts, each loaded once, and only when a feature asks for it: a page never
 * carries a provider's script it does not use. A script that fails to load is forgotten, so
 * the next ask tries again (a shopper may retry after a network blip).
 */
export class ScriptLoadError extends Error {
  readonly src: string;
  constructor(src: string) {
    super(`The script ${src} could not be loaded`);
    this.name = 'ScriptLoadError';
    this.src = src;
  }
}

const loading = new Map<string, Promise<void>>();

export function loadScript(src: string, doc: Document = document): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = doc.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('load', () => resolve());
      script.addEventListener('error', () => {
        loading.delete(src);
        script.remove();
        reject(new ScriptLoadError(src));
      });
      doc.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

/**
 * Asks `read` at once and then every `intervalMs` until it answers, for at most `timeoutMs`;
 * null when time ran out. For scripts that make their result ready some time after they load.
 */
export function pollFor<T>(read: () => T | null | undefined, options: { intervalMs: number; timeoutMs: number }): Promise<T | null> {
  return new Promise((resolve) => {
    const started = Date.now();
    const ask = () => {
      const value = read();
      if (value !== null && value !== undefined) resolve(value);
      else if (Date.now() - started + options.intervalMs > options.timeoutMs) resolve(null);
      else setTimeout(ask, options.intervalMs);
    };
    ask();
  });
}
