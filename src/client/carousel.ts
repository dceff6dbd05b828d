/** Arrows, dots and autoplay for every [data-carousel] on the page. Scrolling itself is native scroll-snap. */
const AUTOPLAY_MS = 5000;

export function initCarousels(root: ParentNode = document): void {
  for (const carousel of root.querySelectorAll<HTMLElement>('[data-carousel]:not([data-ready])')) {
    carousel.dataset.ready = '';
    const track = carousel.querySelector<HTMLElement>('[data-carousel-track]');
    if (!track) continue;
    const slides = [...track.children] as HTMLElement[];
    const dots = [...carousel.querySelectorAll<HTMLButtonElement>('[data-carousel-dot]')];
    let current = 0;
    const go = (index: number) => {
      current = (index + slides.length) % slides.length;
      track.scrollTo({ left: slides[current]!.offsetLeft - track.offsetLeft, behavior: 'smooth' });
    };
    carousel.querySelector('[data-carousel-prev]')?.addEventListener('click', () => go(current - 1));
    carousel.querySelector('[data-carousel-next]')?.addEventListener('click', () => go(current + 1));
    dots.forEach((dot, i) => dot.addEventListener('click', () => go(i)));
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          current = slides.indexOf(entry.target as HTMLElement);
          dots.forEach((dot, i) => (i === current ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current')));
        }
      },
      { root: track, threshold: 0.6 },
    );
    slides.forEach((slide) => observer.observe(slide));
    if (slides.length < 2 || matchMedia('(prefers-reduced-motion: reduce)').matches) continue;
    let paused = false;
    for (const [event, value] of [
      ['pointerenter', true],
      ['pointerleave', false],
      ['focusin', true],
      ['focusout', false],
    ] as const) {
      carousel.addEventListener(event, () => (paused = value));
    }
    setInterval(() => {
      if (!paused && !document.hidden) go(current + 1);
    }, AUTOPLAY_MS);
  }
}
