/**
 * The CMS component registry: one server-rendered Astro component per component kind of
 * the CMS contract. A kind missing here is a type error, and a unit test renders each one.
 */
import type { ComponentType } from '../../lib/cms/schema.ts';
import Carousel from './Carousel.astro';
import AutoCarousel from './AutoCarousel.astro';
import BannerList from './BannerList.astro';
import SmallPictureCarousel from './SmallPictureCarousel.astro';
import CustomContent from './CustomContent.astro';
import ProductList from './ProductList.astro';

export const COMPONENT_REGISTRY = {
  carousel: Carousel,
  autoCarousel: AutoCarousel,
  bannerList: BannerList,
  smallPictureCarousel: SmallPictureCarousel,
  customContent: CustomContent,
  productList: ProductList,
} satisfies Record<ComponentType, unknown>;
