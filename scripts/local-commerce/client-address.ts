/**
 * Who is calling: the address a request comes from, as the attempt limits count it, and the one
 * guard of what only this machine may reach (the admin page and the third parties' stand-ins).
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { isLoopbackHost, LOOPBACK_ADDRESSES } from '../request-checks.ts';
import { failureAnswer } from './kit.ts';

/**
 * The key of an address: IPv4 as it is, IPv6 by its /64, which one subscriber holds whole (a
 * limit per single IPv6 address is a limit on nothing).
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The caller's address key (addressKey). Behind npm start's static host the peer is that
 * proxy, on this machine, which appends the browser's address to X-Forwarded-For: from a
 * caller on this machine, the last entry is taken (entries before it are whatever the browser
 * sent). Any process on the machine could write it; the local API is not meant to face others.
 */
export function clientAddress(c: Context): string {
  const address = callerAddress(c);
  return address === undefined ? 'unknown' : addressKey(address);
}

/**
 * Whether the caller is on this machine, itself or behind npm start's proxy (in-process calls
 * are), and asked for it by a name of this machine (isLoopbackHost): the host the browser
 * used, which the proxy passes as X-Forwarded-Host.
 */
export function fromThisMachine(c: Context): boolean {
  const address = callerAddress(c);
  const host = c.req.header('x-forwarded-host') ?? c.req.header('host');
  return (address === undefined || LOOPBACK_ADDRESSES.has(address)) && (host === undefined || isLoopbackHost(host));
}

/**
 * Answers only callers on this machine (fromThisMachine); anyone else gets 403 LOCAL_ONLY. The
 * stand-ins hand out what the real providers guard (a captcha pass, a payment, a social sign-in)
 * and the admin page acts as the store: none of it may be reached from elsewhere.
 */
export const thisMachineOnly: MiddlewareHandler = (c, next) =>
  fromThisMachine(c) ? next() : Promise.resolve(failureAnswer(c, 'LOCAL_ONLY', 'This answers only on the machine the store runs on', 403));

/** The caller's address as it is; undefined for a call made in-process (tests), without a socket. */
function callerAddress(c: Context): string | undefined {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = undefined;
  }
  const forwarded = c.req.header('x-forwarded-for');
  // From the proxy, its own last entry; an empty one names nobody, and nobody is not local.
  if (forwarded !== undefined && (peer === undefined || LOOPBACK_ADDRESSES.has(peer)))
    return forwarded.split(',').at(-1)!.trim() || 'unknown';
  return peer;
}
