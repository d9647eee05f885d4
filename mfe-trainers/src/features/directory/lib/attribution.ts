/** Town and city names are resolved with the GeoNames gazetteer (CC BY 4.0). */
export const GEONAMES_ATTRIBUTION = 'Place names from GeoNames (geonames.org), CC BY 4.0.';

/**
 * Distances come from UK postcode-district centroids derived from the ONS National Statistics Postcode
 * Lookup (Open Government Licence v3.0), which requires this attribution wherever they are shown.
 */
export const POSTCODE_ATTRIBUTION =
  'Contains OS data © Crown copyright and database right 2025. Contains Royal Mail data © Royal Mail copyright and database right 2025. Source: Office for National Statistics licensed under the Open Government Licence v.3.0.';
