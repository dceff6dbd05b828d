/** The category tree (classification): genders, their groups and their leaves, with pictures and pages. */
import { cmsEndpoints } from '../../../src/lib/cms/endpoints.ts';
import { classificationSchema, type CategoryNode } from '../../../src/lib/cms/schema.ts';
import { landingCode } from '../page-plans/page-kit.ts';
import { TAXONOMY } from '../taxonomy.ts';
import type { Emit, WriterInput } from './writer.ts';

export function writeClassification({ ctx, images }: WriterInput, emit: Emit): void {
  const { lang, copy } = ctx;
  const { genderImage, groupImage, leafImage } = images;
  const classification: CategoryNode[] = TAXONOMY.map((g, gi) => ({
    classifyId: g.gender,
    classifyStyle: 'tab',
    title: copy.genders[g.gender],
    sort: gi + 1,
    type: 'GENDER',
    parentId: null,
    link: g.landingPath,
    imgUrl: genderImage.get(g.gender),
    pageInfo: { code: landingCode(g), path: g.landingPath },
    childData: g.groups.map((group, i) => ({
      classifyId: group.code,
      classifyStyle: 'group',
      title: copy.groups[group.code],
      sort: i + 1,
      type: 'GROUP',
      parentId: g.gender,
      link: `/c/${group.code}.html`,
      imgUrl: groupImage.get(group.code),
      pageInfo: { code: group.code, path: `/c/${group.code}.html` },
      childData: group.leaves.map((leaf, j) => ({
        classifyId: leaf.code,
        classifyStyle: 'default',
        title: copy.categories[leaf.code],
        sort: j + 1,
        type: 'CATEGORY',
        parentId: group.code,
        link: `/c/${leaf.code}.html`,
        imgUrl: leafImage.get(leaf.code),
        pageInfo: { code: leaf.code, path: `/c/${leaf.code}.html` },
        childData: [],
      })),
    })),
  }));
  emit(cmsEndpoints.shared(lang.cmsCode, 'classification'), classificationSchema, { data: classification });
}
