/** A page with nothing to list (an empty cart, wishlist or checkout): what is missing, and where to go. */
export default function EmptyState({ message, href, action }: { message: string; href: string; action: string }) {
  return (
    <div className="cart-page__empty">
      <p>{message}</p>
      <a className="button" href={href}>
        {action}
      </a>
    </div>
  );
}
