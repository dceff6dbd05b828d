/**
 * Product-by-codes batching: codes asked for within 200 ms of each other go
 * out as one request per code list; each caller gets the products it asked for. A failed
 * batch yields an empty list for everyone in it, never an error.
 */
export interface CodeBatcherOptions<P extends { productCode: string }> {
  /** One request for a list of distinct codes. */
  fetchProducts: (codes: string[]) => Promise<P[]>;
  delayMs: number;
  setTimer?: (action: () => void, ms: number) => unknown;
}

export function createCodeBatcher<P extends { productCode: string }>({
  fetchProducts,
  delayMs,
  setTimer = setTimeout,
}: CodeBatcherOptions<P>) {
  let pending: Array<{ codes: string[]; resolve: (products: P[]) => void }> = [];
  let scheduled = false;

  async function flush(): Promise<void> {
    const batch = pending;
    pending = [];
    scheduled = false;
    const codes = [...new Set(batch.flatMap((request) => request.codes))];
    let products: P[] = [];
    try {
      products = await fetchProducts(codes);
    } catch {
      products = [];
    }
    const byCode = new Map(products.map((p) => [p.productCode, p]));
    for (const request of batch) request.resolve(request.codes.flatMap((code) => byCode.get(code) ?? []));
  }

  return function request(codes: readonly string[]): Promise<P[]> {
    if (codes.length === 0) return Promise.resolve([]);
    return new Promise((resolve) => {
      pending.push({ codes: [...codes], resolve });
      if (!scheduled) {
        scheduled = true;
        setTimer(() => void flush(), delayMs);
      }
    });
  };
}
