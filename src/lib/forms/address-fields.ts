/**
 * The address form's fields (the address page and checkout share the form): the receiver by
 * the name rule, the mobile and postcode by their region's rules (no postcode field in Hong
 * Kong and Macao, which have none; a required one on the mainland). Every text field strips
 * emoji, #, & and ! as the member leaves it, as the API does on receipt (contract-account.ts):
 * what is saved goes onto courier labels, which print none of them.
 */
import { postcodeProblem, postcodeRuleOf } from '../account/postcodes.ts';
import { isName, isPhoneOfRegion, stripEmojiAndSymbols } from '../validation/rules.ts';
import type { FieldSpec, FormValues } from './form.ts';

const strip = stripEmojiAndSymbols;

export const ADDRESS_FIELDS: readonly FieldSpec[] = [
  {
    name: 'receiver',
    required: 'AD_RECEIVER_REQUIRED',
    maxLength: 40,
    strip,
    spaces: { allowSpaceLeadTrail: false },
    validate: (value) => isName(value) || 'AD_RECEIVER_FORMAT',
  },
  { name: 'region', required: 'AD_REGION_REQUIRED' },
  {
    name: 'mobile',
    required: 'AD_MOBILE_REQUIRED',
    strip,
    spaces: { allowSpace: false },
    validate: (value, values) => isPhoneOfRegion(value, values.region ?? '') || `AD_MOBILE_${values.region}`,
  },
  { name: 'city', required: 'AD_CITY_REQUIRED', maxLength: 30, strip, spaces: { allowSpaceLeadTrail: false } },
  { name: 'detail', required: 'AD_DETAIL_REQUIRED', maxLength: 120, counter: true, strip, spaces: { allowSpaceLeadTrail: false } },
  {
    name: 'zipCode',
    maxLength: 10,
    strip,
    spaces: { allowSpace: false },
    validate: (value, values) => postcodeProblem(value, values.region ?? '') ?? true,
  },
  { name: 'isDefault' },
];

export const addressFieldSpec = (name: string): FieldSpec => ADDRESS_FIELDS.find((f) => f.name === name)!;

/** The fields of the chosen region: the postcode only where there are postcodes, required where they are. */
export function addressFields(values: FormValues): readonly FieldSpec[] {
  const rule = postcodeRuleOf(values.region ?? '');
  return ADDRESS_FIELDS.flatMap((f) =>
    f.name !== 'zipCode' ? [f] : rule ? [rule.required ? { ...f, required: 'AD_ZIP_REQUIRED' } : f] : [],
  );
}
