// Licence and attribution strings carried by every list, detail and error body. The attribution names every City
// dataset the service publishes data from (one string for the whole service, so any response's sources are in it).
export const LICENCE =
  'Contains information licensed under the Open Government Licence – Toronto (https://open.toronto.ca/open-data-licence/). Derived data is published under the same terms.';
export const ATTRIBUTION =
  'Source: City of Toronto Open Data (Lobbyist Registry; Members of Toronto City Council – Voting Record; TMMIS agenda items, decision bodies and agenda-item communications; Meeting Schedule; Elected Officials’ Contact Information; Development Applications; Committee of Adjustment Applications; Address Points (Municipal); City Wards; Toronto Bids Awarded Contracts, Non-Competitive Contracts and Open Solicitations; Elections – Campaign Contributions and candidates’ financial filings); links, geocodes and derived tables by this service.';
