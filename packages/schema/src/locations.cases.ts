// Visitor locations as a signup stores them: the schema's, the data-access and the rules tests and the seed
// data (tooling/stack) all take their Lisbon and Austin from here.
import type { VisitorLocation } from './signup-fields';

export const LISBON: VisitorLocation = {
  city: 'Lisbon',
  region: 'Lisbon',
  country: 'Portugal',
  country_code: 'PT',
  latitude: 38.7223,
  longitude: -9.1393,
};

export const AUSTIN: VisitorLocation = {
  city: 'Austin',
  region: 'Texas',
  country: 'United States',
  country_code: 'US',
  latitude: 30.2672,
  longitude: -97.7431,
};
