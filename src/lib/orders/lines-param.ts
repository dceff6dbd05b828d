/**
 * The lines and units a member chose on apply-refund.html, as the next page's query carries
 * them: `productId:quantity,…`. A malformed part is dropped, never guessed at.
 */
export interface ChosenLine {
  productId: string;
  quantity: number;
}

export const formatLinesParam = (lines: readonly ChosenLine[]) => lines.map((l) => `${l.productId}:${l.quantity}`).join(',');

export function parseLinesParam(text: string): ChosenLine[] {
  return text
    .split(',')
    .map((part) => /^([A-Za-z0-9-]+):([1-9]\d{0,2})$/.exec(part.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ productId: match[1]!, quantity: Number(match[2]) }));
}
