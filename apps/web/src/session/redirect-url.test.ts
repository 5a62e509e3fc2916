import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../test/memory-storage';
import { rememberRedirectUrl, takeRedirectUrl } from './redirect-url';

describe('redirect URL', () => {
  it('returns the remembered path once, then home', () => {
    const storage = createMemoryStorage();
    rememberRedirectUrl('/my-bills?page=2#top', storage);
    expect(takeRedirectUrl(storage)).toBe('/my-bills?page=2#top');
    expect(takeRedirectUrl(storage)).toBe('/');
  });

  it('never keeps another origin or the login page', () => {
    const storage = createMemoryStorage();
    rememberRedirectUrl('//evil.example/x', storage);
    expect(takeRedirectUrl(storage)).toBe('/');
    rememberRedirectUrl('https://evil.example/', storage);
    expect(takeRedirectUrl(storage)).toBe('/');
    storage.setItem('redirect_url', '/login');
    expect(takeRedirectUrl(storage)).toBe('/');
  });
});
