// Wards (25-ward model from the City's shapefile, invented-but-plausible 44-ward names), streets, divisions and boards.

/** 25-ward model: number, name, label point (WGS84) from wards_25_model_WARD_WGS84_dbf_attributes.csv. */
export const WARDS_25: ReadonlyArray<{ n: number; name: string; lat: number; lon: number }> = [
  [1, 'Etobicoke North', 43.7194, -79.5847], [2, 'Etobicoke Centre', 43.6644, -79.5525], [3, 'Etobicoke-Lakeshore', 43.6216, -79.5209],
  [4, 'Parkdale-High Park', 43.6501, -79.4673], [5, 'York South-Weston', 43.6950, -79.4934], [6, 'York Centre', 43.7526, -79.4678],
  [7, 'Humber River-Black Creek', 43.7507, -79.5303], [8, 'Eglinton-Lawrence', 43.7183, -79.4339], [9, 'Davenport', 43.6694, -79.4441],
  [10, 'Spadina-Fort York', 43.6358, -79.3873], [11, 'University-Rosedale', 43.6711, -79.3943], [12, "Toronto-St. Paul's", 43.6905, -79.4140],
  [13, 'Toronto Centre', 43.6601, -79.3701], [14, 'Toronto-Danforth', 43.6660, -79.3393], [15, 'Don Valley West', 43.7284, -79.3754],
  [16, 'Don Valley East', 43.7397, -79.3330], [17, 'Don Valley North', 43.7876, -79.3600], [18, 'Willowdale', 43.7769, -79.4165],
  [19, 'Beaches-East York', 43.6893, -79.3067], [20, 'Scarborough Southwest', 43.7136, -79.2598], [21, 'Scarborough Centre', 43.7527, -79.2766],
  [22, 'Scarborough-Agincourt', 43.7965, -79.3081], [23, 'Scarborough North', 43.8097, -79.2547], [24, 'Scarborough-Guildwood', 43.7658, -79.2147],
  [25, 'Scarborough-Rouge Park', 43.8056, -79.1768],
].map(([n, name, lat, lon]) => ({ n: n as number, name: name as string, lat: lat as number, lon: lon as number }));

/** Community council of each ward (25-ward model). */
export const CC_25: Record<string, number[]> = {
  EY: [1, 2, 3, 5, 7], NY: [6, 8, 15, 16, 17, 18], TE: [4, 9, 10, 11, 12, 13, 14, 19], SC: [20, 21, 22, 23, 24, 25],
};

const AREAS_44 = ['Etobicoke North', 'Etobicoke North', 'Etobicoke Centre', 'Etobicoke Centre', 'Etobicoke-Lakeshore',
  'Etobicoke-Lakeshore', 'York West', 'York West', 'York Centre', 'York Centre', 'York South-Weston', 'York South-Weston',
  'Parkdale-High Park', 'Parkdale-High Park', 'Eglinton-Lawrence', 'Eglinton-Lawrence', 'Davenport', 'Davenport',
  'Trinity-Spadina', 'Trinity-Spadina', "St. Paul's", "St. Paul's", 'Willowdale', 'Willowdale', 'Don Valley West',
  'Don Valley West', 'Toronto Centre-Rosedale', 'Toronto Centre-Rosedale', 'Toronto-Danforth', 'Toronto-Danforth',
  'Beaches-East York', 'Beaches-East York', 'Don Valley East', 'Don Valley East', 'Scarborough Southwest',
  'Scarborough Southwest', 'Scarborough Centre', 'Scarborough Centre', 'Scarborough-Agincourt', 'Scarborough-Agincourt',
  'Scarborough-Rouge River', 'Scarborough-Rouge River', 'Scarborough East', 'Scarborough East'];
/** 44-ward model: `Ward 41 Scarborough-Rouge River` style names, as lobbyists still type them. */
export const WARDS_44 = AREAS_44.map((area, i) => ({ n: i + 1, name: `Ward ${i + 1} ${area}`, area }));
export const CC_44: Record<string, number[]> = {
  EY: [1, 2, 3, 4, 5, 6, 7, 11, 12, 13, 17], NY: [8, 9, 10, 15, 16, 23, 24, 25, 26, 33, 34],
  TE: [14, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32], SC: [35, 36, 37, 38, 39, 40, 41, 42, 43, 44],
};
/** Rough 44→25 ward correspondence used to place old-era addresses on the map and pick incumbents' new wards. */
export function ward44to25(n44: number): number {
  const map = [1, 1, 2, 2, 3, 3, 7, 7, 6, 6, 5, 5, 4, 4, 8, 8, 9, 9, 10, 10, 12, 12, 18, 18, 15, 15, 13, 11, 14, 14, 19, 19,
    16, 17, 20, 20, 21, 21, 22, 23, 25, 23, 24, 24];
  return map[n44 - 1];
}

/** A ward list carried from one ward model to another (a matter taken up again after the 2018 change): 44 → 25 by
 *  `ward44to25`, 25 → 44 by the lowest 44-ward that maps to it, so every number is a ward of the target model. */
export function wardsInModel(wards: readonly number[], from: 25 | 44, to: 25 | 44): number[] {
  if (from === to) return [...wards];
  const mapped = wards.map((w) => (to === 25 ? ward44to25(w) : WARDS_44.find((x) => ward44to25(x.n) === w)!.n));
  return mapped.filter((w, i) => mapped.indexOf(w) === i);
}

export const STREETS: ReadonlyArray<[string, string, string]> = [
  ['Yonge', 'St', ''], ['Bloor', 'St', 'W'], ['Bloor', 'St', 'E'], ['Queen', 'St', 'W'], ['Queen', 'St', 'E'], ['King', 'St', 'W'],
  ['King', 'St', 'E'], ['Dundas', 'St', 'W'], ['Eglinton', 'Ave', 'W'], ['Eglinton', 'Ave', 'E'], ['Sheppard', 'Ave', 'E'],
  ['Finch', 'Ave', 'W'], ['Lawrence', 'Ave', 'E'], ['Kingston', 'Rd', ''], ['Danforth', 'Ave', ''], ['Bathurst', 'St', ''],
  ['Spadina', 'Ave', ''], ['Dufferin', 'St', ''], ['Keele', 'St', ''], ['Jane', 'St', ''], ['Islington', 'Ave', ''],
  ['Kipling', 'Ave', ''], ['Markham', 'Rd', ''], ['Warden', 'Ave', ''], ['Victoria Park', 'Ave', ''], ['Don Mills', 'Rd', ''],
  ['Leslie', 'St', ''], ['Bayview', 'Ave', ''], ['Mount Pleasant', 'Rd', ''], ['Parliament', 'St', ''], ['Sherbourne', 'St', ''],
  ['Jarvis', 'St', ''], ['Church', 'St', ''], ['Front', 'St', 'W'], ['Wellington', 'St', 'W'], ['Adelaide', 'St', 'E'],
  ['College', 'St', ''], ['St Clair', 'Ave', 'W'], ['Davenport', 'Rd', ''], ['Lake Shore', 'Blvd', 'W'], ['The Queensway', '', ''],
  ['Steeles', 'Ave', 'E'], ['Ellesmere', 'Rd', ''], ['McCowan', 'Rd', ''], ['Midland', 'Ave', ''], ['Brimley', 'Rd', ''],
  ['Kennedy', 'Rd', ''], ['Birchmount', 'Rd', ''], ['Weston', 'Rd', ''], ['Wilson', 'Ave', ''], ['Example', 'Ave', ''],
  ['Carlaw', 'Ave', ''], ['Roncesvalles', 'Ave', ''], ['Ossington', 'Ave', ''], ['Gerrard', 'St', 'E'], ['Broadview', 'Ave', ''],
];
export const STREET_TYPE_LONG: Record<string, string> = { St: 'Street', Ave: 'Avenue', Rd: 'Road', Blvd: 'Boulevard', Dr: 'Drive', '': '' };
export const DIR_LONG: Record<string, string> = { W: 'West', E: 'East', '': '' };

export const DIVISIONS = ['City Planning', 'Legal', 'Legal Services', 'Transportation Services', 'Economic Development and Culture',
  'Solid Waste Management Services', 'Municipal Licensing and Standards', 'Corporate Real Estate Management',
  'Purchasing and Materials Management', 'Toronto Water', 'Parks, Forestry and Recreation', 'Housing Secretariat',
  'Shelter, Support and Housing Administration', 'Financial Planning', 'Technology Services', 'Toronto Building',
  "City Manager's Office", 'Environment and Energy', 'Revenue Services', 'Toronto Public Health'];
export const DIVISION_POSITIONS = ['City Planner', 'Senior Planner', 'Director', 'Manager', 'General Manager', 'City Solicitor',
  'Solicitor', 'Project Manager', 'Deputy City Manager', 'Chief Planner', 'Policy Analyst', ''];
export const LOCAL_BOARDS = ['Toronto Transit Commission', 'Toronto Public Library Board', 'Toronto Police Services Board',
  'Exhibition Place', 'Toronto Parking Authority', 'Toronto Community Housing Corporation', 'CreateTO', 'Toronto Zoo',
  'Toronto Port Lands Company', 'Waterfront Toronto'];
export const STAFF_POSITIONS = ['Chief of Staff', 'Executive Assistant', 'Policy Advisor', 'Senior Advisor', 'Constituency Assistant',
  'Scheduler', 'Legislative Assistant', ''];
