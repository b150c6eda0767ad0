// Licence and attribution strings carried by every list, detail and error body.
export const LICENCE =
  'Contains information licensed under the Open Government Licence – Toronto (https://open.toronto.ca/open-data-licence/). Derived data is published under the same terms.';
export const ATTRIBUTION =
  'Source: City of Toronto Open Data (Lobbyist Registry, Members of Toronto City Council Voting Record, TMMIS agenda items, Elected Officials Contact Information, Meeting Schedule); links and derived tables by this service.';
