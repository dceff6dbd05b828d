/**
 * The buttons of an order, on the list and on its page: what the order page store offers
 * (stores/order-page.ts: exactly member-actions.ts's buttons for its state). Actions that change
 * the order are confirmed first; the others lead to their page.
 */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import type { OrderButton } from '../../lib/orders/member-actions.ts';
import type { Order } from '../../stores/orders.ts';
import { createOrderActions, orderButtonViews, type OrderActionOutcome } from '../../stores/order-page.ts';
import { Notice } from '../account/parts.tsx';
import { Button } from '../forms/Button.tsx';
import { Modal } from '../forms/Modal.tsx';
import { codeText } from '../forms/use-form.ts';

export function OrderActions({ t, order, now, except = [] }: { t: Translate; order: Order; now: number; except?: OrderButton[] }) {
  const [actions] = useState(createOrderActions);
  const confirming = useStore(actions.$confirming);
  const outcome = useStore(actions.$outcome);
  const buyingAgain = useStore(actions.$buyingAgain);
  const noneAdded = useStore(actions.$noneAdded);
  const buttons = orderButtonViews(order, now, except);
  // What the last action said stays when the order it reloaded offers nothing more.
  if (buttons.length === 0 && !outcome) return null;
  return (
    <div className="order-actions">
      {buttons.map((view) => {
        if (view.kind === 'link')
          return (
            <a key={view.button} className={view.primary ? 'button' : 'button button--ghost'} href={view.href} data-action={view.button}>
              {t(`orders.buttons.${view.button}`)}
            </a>
          );
        if (view.kind === 'buyAgain')
          return (
            <Button
              key={view.button}
              variant="ghost"
              disabled={buyingAgain}
              onClick={() => void actions.buyAgain(order)}
              data-action={view.button}
            >
              {t('orders.buttons.buyAgain')}
            </Button>
          );
        return (
          <Button
            key={view.button}
            variant={view.primary ? 'primary' : 'ghost'}
            onClick={() => actions.ask(view.button)}
            data-action={view.button}
          >
            {t(`orders.buttons.${view.button}`)}
          </Button>
        );
      })}
      <OutcomeNote t={t} outcome={outcome} />
      {noneAdded && (
        <p className="form-error" role="alert">
          {t('orders.buyAgainNone')}
        </p>
      )}
      <Modal
        open={confirming !== null}
        title={confirming ? t(`orders.confirm.${confirming}.title`) : ''}
        closeLabel={t('common.close')}
        onClose={actions.dismiss}
        buttons={[
          {
            label: confirming ? t(`orders.buttons.${confirming}`) : '',
            variant: confirming === 'cancel' ? 'danger' : 'primary',
            onClick: () => actions.confirm(order),
          },
          { label: t('orders.keep'), variant: 'ghost' },
        ]}
      >
        {confirming && <p>{t(`orders.confirm.${confirming}.body`, { code: order.orderCode })}</p>}
      </Modal>
    </div>
  );
}

/** What the last action said: done, or its refusal. */
function OutcomeNote({ t, outcome }: { t: Translate; outcome: OrderActionOutcome | null }) {
  if (outcome?.kind === 'done') return <Notice text={t(`orders.done.${outcome.action}`)} />;
  if (!outcome) return <Notice text={null} />;
  return (
    <p className="form-error" role="alert">
      {outcome.kind === 'refused' ? codeText(t, outcome.msgCode, outcome.msg) : t('errors.interfaceException')}
    </p>
  );
}
