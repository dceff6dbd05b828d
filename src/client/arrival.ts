/**
 * What every page that runs scripts does on arrival, in one small entry (a returning shopper's
 * product page counts every byte against the header's budget): the cookie consent
 * (consent.ts) and the pop-up that may greet the page view (greetings.ts).
 */
import './consent.ts';
import './greetings.ts';
