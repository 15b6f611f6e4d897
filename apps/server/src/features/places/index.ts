/** Address search (the town's gazetteer or Google): its public surface. */
export { createGazetteerGeocoder, createGoogleGeocoder } from './geocoder.ts';
