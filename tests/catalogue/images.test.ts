import { describe, expect, it } from 'vitest';
import { imageAtWidth, srcsetFor } from '../../site/features/catalogue/image-url.ts';
import { responsiveImage } from '../../site/features/catalogue/responsive-image.ts';

describe('responsive product images', () => {
  it('asks the CDN for a width and keeps other parameters', () => {
    expect(imageAtWidth('https://cdn.shopify.com/s/files/shirt.png?v=123', 480)).toBe(
      'https://cdn.shopify.com/s/files/shirt.png?v=123&width=480',
    );
    expect(imageAtWidth('http://127.0.0.1:8787/cdn/shop/files/a.png?width=100', 640.4)).toBe(
      'http://127.0.0.1:8787/cdn/shop/files/a.png?width=640',
    );
  });

  it('leaves URLs it cannot parse alone', () => {
    expect(imageAtWidth('/relative/shirt.png', 480)).toBe('/relative/shirt.png');
  });

  it('offers every width up to the largest the layout draws', () => {
    expect(srcsetFor('https://cdn.example/s.png', 640)).toBe(
      'https://cdn.example/s.png?width=240 240w, https://cdn.example/s.png?width=360 360w, https://cdn.example/s.png?width=480 480w, https://cdn.example/s.png?width=640 640w',
    );
    expect(srcsetFor('https://cdn.example/s.png', 100)).toBe('https://cdn.example/s.png?width=240 240w');
  });

  it('writes each width of a srcset as imageAtWidth would, whatever else the URL holds', () => {
    for (const url of [
      'https://cdn.shopify.com/s/files/shirt.png?v=123',
      'http://127.0.0.1:8787/cdn/shop/files/a.png?width=100&v=2',
      'https://cdn.example/a%20b.png?crop=center#top',
      'https://cdn.example/width=0/s.png',
      '/relative/shirt.png',
    ]) {
      const expected = [240, 360, 480, 640, 800, 1080, 1400].map((w) => `${imageAtWidth(url, w)} ${w}w`).join(', ');
      expect(srcsetFor(url, 1400)).toBe(expected);
    }
  });
});

describe('a photo drawn many times in a build', () => {
  it('gets the same src and srcset as written afresh, once per photo and layout', () => {
    const photo = { url: 'https://cdn.shopify.com/s/files/shirt.png?v=1', altText: null };
    const card = responsiveImage(photo, 640, 800);
    expect(card).toEqual({ src: imageAtWidth(photo.url, 640), srcset: srcsetFor(photo.url, 800) });
    // The same photo in the same layout is the kept answer; another layout is its own.
    expect(responsiveImage(photo, 640, 800)).toBe(card);
    const page = responsiveImage(photo, 800, 1400);
    expect(page).toEqual({ src: imageAtWidth(photo.url, 800), srcset: srcsetFor(photo.url, 1400) });
    expect(responsiveImage(photo, 640, 1400)).toEqual({ src: imageAtWidth(photo.url, 640), srcset: srcsetFor(photo.url, 1400) });
  });

  it('keeps nothing across catalogues: an equal photo read afresh is worked out afresh', () => {
    const first = { url: 'https://cdn.example/a.png', altText: null };
    const kept = responsiveImage(first, 480, 640);
    const again = responsiveImage({ ...first }, 480, 640);
    expect(again).not.toBe(kept);
    expect(again).toEqual(kept);
    // A photo whose URL changed between reads (a new object each read) gets its new URL.
    expect(responsiveImage({ ...first, url: 'https://cdn.example/b.png' }, 480, 640).src).toBe('https://cdn.example/b.png?width=480');
  });
});
