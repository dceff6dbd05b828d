/**
 * The buttons of an order, on the list and on its page: exactly what member-actions.ts offers
 * from its state (the API refuses anything else). Actions that change the order are confirmed
 * first; the others lead to their page.
 */
import { useState } from 'react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { orderButtons, type OrderButton } from '../../lib/orders/member-actions.ts';
import { buyAgain, cancelOrder, confirmReceipt, withdrawCancelRequest, type Order } from '../../stores/orders.ts';
import { getPlatform } from '../../stores/platform.ts';
import { Button } from '../forms/Button.tsx';
import { Modal } from '../forms/Modal.tsx';
import { useAction, ActionNote } from '../account/parts.tsx';

/** Where a button that is a link goes. */
function hrefOf(button: OrderButton, prefix: string, orderCode: string): string | null {
  const q = `?orderCode=${encodeURIComponent(orderCode)}`;
  const pages: Partial<Record<OrderButton, string>> = {
    pay: `/payment/third-party-pay.html${q}`,
    payDeposit: `/account/apply-prepay.html${q}`,
    payRest: `/account/apply-prepay.html${q}`,
    requestCancel: `/account/apply-refund.html${q}`,
    refund: `/account/apply-refund.html${q}`,
    exchange: `/account/replace.html${q}`,
    afterSale: `/account/apply-aftermarket.html${q}`,
    evaluate: `/account/order/evaluate.html${q}`,
    track: `/account/detail.html${q}#shipments`,
  };
  return pages[button] ? `${prefix}${pages[button]}` : null;
}

/** The actions that change the order here, each confirmed in a dialog. */
type Confirmed = 'cancel' | 'confirmReceipt' | 'withdrawCancel';

export function OrderActions({
  t,
  prefix,
  order,
  now,
  except = [],
}: {
  t: Translate;
  prefix: string;
  order: Order;
  now: number;
  except?: OrderButton[];
}) {
  const [confirming, setConfirming] = useState<Confirmed | null>(null);
  const [busy, setBusy] = useState(false);
  const [againFailed, setAgainFailed] = useState(false);
  const action = useAction(t);
  const buttons = orderButtons(order, now).filter((b) => !except.includes(b));
  // What the last action said stays when the order it reloaded offers nothing more.
  if (buttons.length === 0 && !action.notice && !action.error) return null;

  /** The lines go back in the cart and the member goes there; if none could (sold out), the page says so. */
  async function again() {
    setBusy(true);
    setAgainFailed(false);
    const { added } = await buyAgain(order);
    setBusy(false);
    if (added > 0) getPlatform().navigate(`${prefix}/cart.html`);
    else setAgainFailed(true);
  }

  const run: Record<Confirmed, () => Promise<unknown>> = {
    cancel: () => action.run(() => cancelOrder(order.orderCode), t('orders.done.cancel')),
    confirmReceipt: () => action.run(() => confirmReceipt(order.orderCode), t('orders.done.confirmReceipt')),
    withdrawCancel: () => action.run(() => withdrawCancelRequest(order), t('orders.done.withdrawCancel')),
  };

  return (
    <div className="order-actions">
      {buttons.map((button) => {
        const href = hrefOf(button, prefix, order.orderCode);
        if (href)
          return (
            <a
              key={button}
              className={button === 'pay' || button === 'payRest' || button === 'payDeposit' ? 'button' : 'button button--ghost'}
              href={href}
              data-action={button}
            >
              {t(`orders.buttons.${button}`)}
            </a>
          );
        if (button === 'buyAgain')
          return (
            <Button key={button} variant="ghost" disabled={busy} onClick={() => void again()} data-action={button}>
              {t('orders.buttons.buyAgain')}
            </Button>
          );
        return (
          <Button
            key={button}
            variant={button === 'cancel' ? 'ghost' : 'primary'}
            onClick={() => setConfirming(button as Confirmed)}
            data-action={button}
          >
            {t(`orders.buttons.${button}`)}
          </Button>
        );
      })}
      <ActionNote action={action} />
      {againFailed && (
        <p className="form-error" role="alert">
          {t('orders.buyAgainNone')}
        </p>
      )}
      <Modal
        open={confirming !== null}
        title={confirming ? t(`orders.confirm.${confirming}.title`) : ''}
        closeLabel={t('common.close')}
        onClose={() => setConfirming(null)}
        buttons={[
          {
            label: confirming ? t(`orders.buttons.${confirming}`) : '',
            variant: confirming === 'cancel' ? 'danger' : 'primary',
            onClick: async () => {
              if (confirming) await run[confirming]();
            },
          },
          { label: t('orders.keep'), variant: 'ghost' },
        ]}
      >
        {confirming && <p>{t(`orders.confirm.${confirming}.body`, { code: order.orderCode })}</p>}
      </Modal>
    </div>
  );
}
