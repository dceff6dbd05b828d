import { describe, expect, it } from 'vitest';
import { linkedPictureNames } from '../../src/lib/cms/link-names.ts';

describe('the names of a linked picture', () => {
  it('drops an alt that repeats the caption shown beside the picture', () => {
    expect(linkedPictureNames({ alt: '女裝', caption: '女裝', linkName: '女裝' })).toEqual({ alt: '', label: undefined });
  });
  it('keeps an alt that says more than the caption, and adds no aria-label over visible text', () => {
    expect(linkedPictureNames({ alt: '羽絨外套形象圖', caption: '秋冬外套', linkName: '看外套' })).toEqual({
      alt: '羽絨外套形象圖',
      label: undefined,
    });
    expect(linkedPictureNames({ alt: '', caption: '秋冬外套', linkName: '看外套' })).toEqual({ alt: '', label: undefined });
  });
  it('names the link from its link name only when neither alt nor caption does', () => {
    expect(linkedPictureNames({ alt: '', caption: '', linkName: ' Autumn ' })).toEqual({ alt: '', label: 'Autumn' });
    expect(linkedPictureNames({ alt: 'Autumn coats', linkName: 'Autumn' })).toEqual({ alt: 'Autumn coats', label: undefined });
  });
});
