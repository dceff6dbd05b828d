/**
 * What the seeded orders and cases (seed-orders.ts, seed-cases.ts) are made with: the seed's units
 * of time, the products it buys, a placed line as checkout writes it, and `walk`, which moves a
 * record along its table with the API's own `advance` (case-steps.ts), so a seeded record is what
 * the same steps make in the API, and a step the table does not allow stops the seed.
 */
import type { MachineName } from '../../src/lib/orders/state-machine.ts';
import { level2ProductId } from '../../src/lib/product/product-id.ts';
import type { Catalogue, CatalogueProduct } from '../sample-data/catalogue-schema.ts';
import type { OrderLine, StoredOf, StoredOrder } from './case-records.ts';
import { actorOf, advance, type ActionInput } from './case-steps.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** What the account seeds share: the clock and the members (seed-account.ts, seed-conversations.ts). */
export interface AccountSeed {
  /** The catalogue's clock: every seeded date is relative to it. */
  t0: number;
  /** The demo member's orders (seed-orders.ts), O2026000001 first. */
  orders: StoredOrder[];
  /** The demo member (Taiwan) and the Hong Kong, mainland and Macao members. */
  demo: string;
  hk: string;
  cn: string;
  mo: string;
}

/** A step of a seeded record: the action, when, and what it takes. */
export type Step = [action: string, at: number, input?: ActionInput];

/** Walks a record along its table; a step the table does not allow is a mistake in the seed. */
export function walk<M extends MachineName>(machine: M, record: StoredOf[M], steps: readonly Step[]): StoredOf[M] {
  return steps.reduce((current, [action, at, input]) => {
    const by = actorOf(machine, current.status, action);
    const next = by && advance(machine, current, action, by, at, input);
    if (!next) throw new Error(`seed: ${machine} ${current.status} cannot take ${action}`);
    return next;
  }, record);
}

export interface Pick {
  product: CatalogueProduct;
  sku: CatalogueProduct['skus'][number];
}

/** The products the seed buys: sellable, with a second SKU in stock to exchange to; the return rules and presale when the catalogue has them. */
export function seedPicks(catalogue: Catalogue) {
  const pickOf = (product: CatalogueProduct): Pick => ({ product, sku: product.skus.find((s) => s.stock > 0)! });
  const usable = catalogue.products.filter((p) => p.enabledFlag === 'Y' && p.skus.filter((s) => s.stock > 0).length >= 2);
  const plain = usable.filter((p) => p.noReasonToReturnFlag === 'Y' && p.presaleFlag === 'N');
  const withFlag = (test: (p: CatalogueProduct) => boolean, fallback: number) =>
    pickOf(usable.find(test) ?? plain[fallback % plain.length]!);
  return {
    plain: (i: number) => pickOf(plain[i % plain.length]!),
    noReturn: withFlag((p) => p.noReasonToReturnFlag === 'N', 1),
    exchangeOnly: withFlag((p) => p.noReasonToReturnFlag === 'ONLY_EXCHANGE_NOT_RETREAT', 2),
    presale: withFlag((p) => p.presaleFlag === 'Y', 3),
    /** Evaluated on two finished orders (seed-cases.ts): its public list has an average. */
    evaluated: pickOf(plain[plain.length > 23 ? 23 : 0]!),
  };
}
export type SeedPicks = ReturnType<typeof seedPicks>;

export function orderLine({ product, sku }: Pick, quantity: number): OrderLine {
  const colour = product.colours.find((c) => c.colorNo === sku.colorNo)!;
  const size = product.sizes.find((s) => s.sizeNo === sku.sizeNo)!;
  return {
    productId: level2ProductId(sku.omsSkuCode, sku.colorNo, sku.sizeNo),
    skuCode: sku.skuCode,
    productCode: product.productCode,
    quantity,
    purchasedQty: quantity,
    giftFlag: 'N',
    alterMode: null,
    finalInseam: null,
    caseFlag: 'N',
    productDetailInfo: {
      skuName: product.names['zh-TW'] ?? Object.values(product.names)[0]!,
      colorCode: colour.code,
      sizeCode: size.sizeNo,
      sizeAlias: size.alias,
      colorAlias: colour.names['zh-TW'] ?? Object.values(colour.names)[0]!,
      unitPrice: sku.prices.TWD?.sale ?? 0,
      omsSkuCode: sku.omsSkuCode,
      semiValues: [],
    },
  };
}
