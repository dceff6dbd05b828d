/**
 * The store's button: 40 px high unless told otherwise, with a corner radius of a quarter of
 * its height (at most 13.5 px). A disabled button ignores clicks.
 */
import type { ButtonHTMLAttributes } from 'react';
import { BUTTON_DEFAULT_HEIGHT_PX } from '../../lib/constants.ts';
import { buttonRadius } from '../../lib/forms/button.ts';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  height?: number;
  variant?: 'primary' | 'ghost' | 'danger';
}

export function Button({
  height = BUTTON_DEFAULT_HEIGHT_PX,
  variant = 'primary',
  className,
  style,
  onClick,
  disabled,
  type,
  ...rest
}: ButtonProps) {
  const classes = ['button', variant !== 'primary' && `button--${variant}`, className].filter(Boolean).join(' ');
  return (
    <button
      {...rest}
      type={type ?? 'button'}
      disabled={disabled}
      className={classes}
      style={{ height, borderRadius: buttonRadius(height), ...style }}
      onClick={(event) => {
        if (disabled) return;
        onClick?.(event);
      }}
    />
  );
}
