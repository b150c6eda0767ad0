// Licence and attribution strings carried by every list, detail and error body. The attribution names every City
// dataset the service publishes data from (one string for the whole service, so any response's sources are in it);
// an error body, which publishes no data, carries a short one.
export const LICENCE =
  'Contains information licensed under the Open Government Licence – Toronto (https://open.toronto.ca/open-data-licence/). Derived data is published under the same terms.';
/** The attribution of an error body, which carries no data to attribute: the sources are named where data is served.
 *  Short, so a refusal (a 429 in a retry loop, a 400 read in a terminal) is the message, not the list of datasets. */
export const ERROR_ATTRIBUTION = 'Source: City of Toronto Open Data; every list and detail answer names the datasets.';
export const ATTRIBUTION =
  'Source: City of Toronto Open Data (Lobbyist Registry; Members of Toronto City Council – Voting Record; TMMIS agenda items, decision bodies and agenda-item communications; Meeting Schedule; Elected Officials’ Contact Information; Development Applications; Committee of Adjustment Applications; Address Points (Municipal); City Wards; Toronto Bids Awarded Contracts, Non-Competitive Contracts and Open Solicitations; Elections – Campaign Contributions and candidates’ financial filings); links, geocodes and derived tables by this service.';
