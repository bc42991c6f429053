import { describe, expect, it } from 'vitest';
import { brandsOfAccounts, brandsOfSignInTitle } from './account-brands.ts';
import { pageBrandCatalogue } from './page-brands.ts';

const names = (text: string) => brandsOfAccounts(text, pageBrandCatalogue()).map((brand) => brand.name);

describe('brandsOfAccounts', () => {
  it.each([
    ['Sign in with your BT account', 'BT'],
    ['Use your Orange Account', 'Orange'],
    ['Melden Sie sich mit Ihrem Telekom-Konto an', 'Telekom'],
    ['Connectez-vous avec votre compte Orange', 'Orange'],
    ['Inicia sesión con tu cuenta de Microsoft', 'Microsoft'],
    ['Log in met je EE-account', 'EE'],
  ])('reads whose account "%s" asks for', (text, brand) => {
    expect(names(text)).toEqual([brand]);
  });

  it('reads no brand in a kind of account, a lower-case word, or a name the catalogue does not hold', () => {
    expect(names('Log in to your Current Account')).toEqual([]);
    expect(names('Sign in to your account')).toEqual([]);
    expect(names('Use your orange account')).toEqual([]);
    expect(names('Sign in with your Zyxwvut account')).toEqual([]);
  });
});

describe('brandsOfSignInTitle', () => {
  const titled = (title: string) => brandsOfSignInTitle(title, pageBrandCatalogue()).map((brand) => brand.name);

  it('reads the site name of a sign-in title, however short', () => {
    expect(titled('O2 - Sign Up')).toEqual(['O2']);
    expect(titled('Login | BT')).toEqual(['BT']);
    expect(titled('Orange – Se connecter')).toEqual(['Orange']);
  });

  it('reads nothing in a title that is not a site name beside a sign-in word', () => {
    expect(titled('O2 - Plans and prices')).toEqual([]);
    expect(titled('Current - Sign in')).toEqual([]);
    expect(titled('Sign in')).toEqual([]);
  });
});
