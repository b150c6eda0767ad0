// Words the sample's organisation names are built from: Toronto neighbourhoods, landmarks and streets, founders'
// surnames and brand words, each kind's generic words, and the folding that decides when two names are "the same
// name" (case, accents, punctuation, legal form and a plural s ignored, as the pipeline's org_key nearly does).

/** Neighbourhoods, landmarks and areas (first word of many developers, companies, non-profits and local groups). */
export const PLACES = ['Maple Leaf', 'Lakeshore', 'Bayview', 'Harbourfront', 'Greenwood', 'Northcrest', 'Kingsway', 'Riverside',
  'Parkview', 'Summit', 'Granite', 'Cityview', 'Don Valley', 'Humber Bay', 'Queensway', 'Danforth', 'Rosedale', 'Etobicoke',
  'Agincourt', 'Liberty', 'Bridgepoint', 'Oakridge', 'Sterling', 'Meridian', 'Crescent', 'Ironwood', 'Bluewater', 'Front Street',
  'Union', 'Skyline', 'Annex', 'Yorkville', 'Leaside', 'Davisville', 'Forest Hill', 'Cabbagetown', 'Riverdale', 'Leslieville',
  'Parkdale', 'Roncesvalles', 'High Park', 'Swansea', 'Bloor West', 'Junction', 'Weston', 'Mimico', 'Long Branch',
  'New Toronto', 'Islington', 'Thorncliffe', 'Flemingdon', 'Don Mills', 'Willowdale', 'Lansing', 'York Mills', 'Hoggs Hollow',
  'Lawrence Park', 'Wychwood', 'Seaton Village', 'Corktown', 'Distillery', 'St. Lawrence', 'Regent Park', 'Moss Park',
  'Trinity Bellwoods', 'Little Italy', 'Ossington', 'Dufferin Grove', 'Brockton', 'Kensington', 'Church Wellesley',
  'Moore Park', 'Summerhill', 'Deer Park', 'Chaplin Estates', 'Bedford Park', 'Armour Heights', 'Downsview', 'Emery',
  'Rexdale', 'Thistletown', 'Humber Summit', 'Black Creek', 'Fairbank', 'Oakwood', 'Caledonia', 'Mount Dennis',
  'Scarborough Village', 'Guildwood', 'West Hill', 'Highland Creek', 'Rouge Valley', 'Malvern', 'Milliken', "L'Amoreaux",
  'Wexford', 'Dorset Park', 'Birch Cliff', 'Cliffside', 'Ionview', 'Greektown', 'East York', 'Crescent Town', 'Pape Village',
  'Woodbine', 'Beaches', 'Port Lands', 'West Don Lands', 'CityPlace', 'Fort York', 'King West', 'Garment District',
  'Baby Point', 'Runnymede', 'Lambton', 'Eringate', 'Markland Wood', 'Centennial', 'Humberwood', 'Clairlea', 'Oakridge Park',
  'Victoria Village', 'Parkway Forest', 'Henry Farm', 'Bayview Woods', 'Newtonbrook', 'Hillcrest', 'Casa Loma',
  'Harbord Village', 'Palmerston', 'Queen East', 'Midtown', 'Yonge Eglinton', 'Sheppard Centre', 'Golden Mile',
  'Scarborough Bluffs', 'Rouge Hill', 'Morningside', 'Birchmount', 'Tam O\'Shanter', 'Bathurst Manor', 'Clanton Park'];
/** Arterial streets: single-purpose development companies are often named for an intersection ("King Spadina"). */
export const STREETS = ['Yonge', 'Bloor', 'Queen', 'King', 'Dundas', 'College', 'Bathurst', 'Spadina', 'Dufferin', 'Jarvis',
  'Sherbourne', 'Parliament', 'Broadview', 'Pape', 'Eglinton', 'Lawrence', 'Sheppard', 'Finch', 'Steeles', 'Kipling',
  'Keele', 'Jane', 'Leslie', 'Warden', 'Kennedy', 'Midland', 'Davenport', 'Dupont', 'Wellington', 'Adelaide', 'Richmond',
  'Church', 'University', 'Lansdowne', 'Harbord', 'Gerrard', 'Carlton', 'Wellesley', 'Bay', 'Front', 'Wilson', 'Dundas West',
  'St. Clair', 'Kingston Road', 'Victoria Park', 'Mount Pleasant', 'Avenue Road', 'Ellesmere', 'Markham Road', 'Weston Road'];
/** Founders' and families' surnames (developers, firms). */
export const FOUNDERS = ['Abrams', 'Bellini', 'Carrington', 'Donnelly', 'Fenwick', 'Gianni', 'Halloran', 'Iannucci', 'Kessler',
  'Lombardi', 'Marchetti', 'Orsini', 'Pellegrino', 'Rosati', 'Sorrento', 'Tedesco', 'Vitale', 'Wexler', 'Zanetti', 'Ashford',
  'Brightman', 'Castellano', 'Delmonte', 'Ellsworth', 'Fairchild', 'Greco', 'Hartwell', 'Kingsley', 'Langford', 'Mastro',
  'Noble', 'Pearson', 'Ravenna', 'Stafford', 'Tamburro', 'Varsity', 'Whitmore', 'Yardley', 'Benedetto', 'Cavalieri',
  'Demarco', 'Falcone', 'Gallo', 'Hollander', 'Lindenberg', 'Moretti', 'Petrakis', 'Sarkis', 'Tanenbaum', 'Wolfson'];
/** Brand words (companies, firms, developers). */
export const BRANDS = ['Apex', 'Beacon', 'Cornerstone', 'Evergreen', 'Keystone', 'Lumina', 'Northstar', 'Pinnacle', 'Vantage',
  'Verdant', 'Terra', 'Urbana', 'Horizon', 'Landmark', 'Paramount', 'Capstone', 'Clearwater', 'Silverline', 'Redwood',
  'Blackstone', 'Westbury', 'Eastgate', 'Southport', 'Northgate', 'Highpoint', 'Stonebridge', 'Fieldstone', 'Oakleaf',
  'Brightwater', 'Copperfield', 'Ashgrove', 'Bellwood', 'Cedarbrae', 'Elmwood', 'Foxbury', 'Glenhaven', 'Hawthorne',
  'Juniper', 'Larkspur', 'Millbrook', 'Nordic', 'Orchard', 'Peregrine', 'Quarry', 'Rosewood', 'Sable', 'Tidewater',
  'Upland', 'Vireo', 'Willowbrook', 'Zenith', 'Arcadia', 'Boreal', 'Catalyst', 'Dovetail', 'Ember', 'Fulcrum', 'Halcyon'];
export const DEV_WORDS = ['Developments', 'Properties', 'Holdings', 'Homes', 'Realty', 'Capital', 'Group', 'Communities',
  'Residences', 'Land', 'Investments', 'Estates', 'Builders', 'Real Estate', 'Property Management', 'Asset Management',
  'Ventures', 'Development Partners', 'Urban', 'Living'];
export const CO_WORDS = ['Technologies', 'Systems', 'Logistics', 'Waste Services', 'Engineering', 'Energy', 'Transit Solutions',
  'Hospitality', 'Foods', 'Media', 'Outdoor Advertising', 'Parking', 'Security', 'Environmental', 'Cleaning Services', 'Paving',
  'Towing', 'Signs', 'Catering', 'Telecom', 'Software', 'Data', 'Health', 'Pharmacy', 'Entertainment', 'Brewing', 'Fitness',
  'Design', 'Architects', 'Surveying', 'Landscaping', 'Roofing', 'Electric', 'Mechanical', 'Plumbing', 'Printing', 'Couriers',
  'Transportation', 'Automotive', 'Restaurants', 'Hotels', 'Cinemas', 'Marinas', 'Recycling'];
export const SUFFIXES = ['Inc.', 'Inc.', 'Ltd.', 'Limited', 'Corp.', 'Corporation', 'Incorporated', 'LP'];
/** Industry and trade associations: `<prefix> <industry> <body>`. */
export const ASSOC_PRE = ['Toronto', 'Ontario', 'Greater Toronto', 'Canadian', 'GTA', 'Toronto and Area'];
export const ASSOC = ['Home Builders', 'Restaurant', 'Taxi', 'Hotel', 'Retail', 'Construction', 'Cycling', 'Landlords', 'Industry',
  'Film', 'Apartment', 'Bar Owners', 'Food Truck', 'Night Economy', 'Music', 'Tourism', 'Real Estate', 'Condominium',
  'Heritage', 'Parking Operators', 'Sign', 'Billboard', 'Trucking', 'Transit Riders', 'Pedestrian', 'Short-Term Rental',
  'Waste Haulers', 'Recyclers', 'Architects', 'Planners', 'Engineers', 'Arts', 'Theatre', 'Sports', 'Cannabis Retail',
  'Small Business', 'Tenants', 'Co-operative Housing', 'Child Care', 'Seniors', 'Electrical Contractors', 'Concrete',
  'Demolition', 'Tree Care', 'Landscape', 'Roofing Contractors', 'Private Schools', 'Hospital', 'Grocers', 'Pharmacy'];
export const ASSOC_BODY = ['Association', 'Association', 'Association', 'Council', 'Alliance', 'Federation', 'Network', 'Coalition'];
/** Local bodies named for a neighbourhood: `<place> <kind>`. */
export const LOCAL_BODY = ['Residents Association', 'Ratepayers Association', 'Business Improvement Area', 'Community Association',
  'Village BIA', 'Tenants Association', 'Heritage Society', 'Neighbourhood Association', 'Chamber of Commerce'];
export const NP = ['Community Services', 'Neighbourhood Centre', 'Arts Council', 'Housing Co-operative', 'Tenants Network',
  'Food Bank', 'Environmental Alliance', 'Community Health Centre', 'Family Services', 'Legal Clinic', 'Youth Centre',
  'Seniors Centre', 'Settlement Services', 'Land Trust', 'Conservancy', 'Community Garden', 'Historical Society',
  'Music Society', 'Theatre Company', 'Sports Club', 'Mental Health Network', 'Literacy Council', 'Cycling Network',
  'Parents Network', 'Business Association', 'Foundation', 'Rotary Club', 'Library Friends', 'Stewardship Group'];
export const FIRM_WORDS = ['Public Affairs', 'Strategies', 'Consulting', 'Government Relations', 'Advisory', 'Planning Partners',
  'Strategy Group', 'Communications', 'Policy Advisors', 'Land Use Planning', 'Municipal Affairs', 'Counsel'];
export const FIRM_NAMES = ['Bluestone', 'Crestview', 'Sussex', 'Temple', 'Navigator', 'Enterprise', 'Wellington', 'Hillcrest',
  'Northstar', 'Pinnacle', 'Queen\'s Park', 'Front Bench', 'Rubicon', 'Summa', 'Argyle', 'Compass', 'Ridgeline', 'Bellweather',
  'Keel', 'Lighthouse', 'Meridian', 'Cardinal', 'Harbour', 'Trillium', 'Beacon', 'Strathmore', 'Ardent', 'Tactix'];
export const LAW = ['Goodman', 'Davies', 'Bennett', 'Aird', 'Weir', 'Foulds', 'Overland', 'Stikeman', 'Osler', 'Blake',
  'Thomson', 'Rogers', 'Fasken', 'Torys', 'Borden', 'Gowling', 'Dentons', 'Cassels', 'Brock', 'McCarthy', 'Miller', 'Thomas',
  'Wood', 'Bull', 'Housser', 'Fogler', 'Rubinoff', 'Minden', 'Gross', 'Hummel', 'Loopstra', 'Nixon'];
export const TRADE_WORDS = ['Towers', 'Living', 'Condos', 'Place', 'Yards', 'Commons', 'Square', 'Lofts', 'Residences', 'Gardens',
  'Station', 'Village', 'Terrace', 'Market', 'Exchange', 'Landing'];

const LEGAL_RE = / (inc|incorporated|ltd|limited|corp|corporation|co|company|ulc|llc|lp|llp)$/;
/** Folded base name: case, accents, punctuation, a leading "the", the legal form and plural s ignored. */
export function baseKey(name: string): string {
  const folded = ` ${name.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/&/g, ' and ').replace(/[^a-z0-9]+/g, ' ').trim()} `
    .replace(/^ the /, ' ').trim().replace(LEGAL_RE, '');
  return folded.split(' ').map((w) => w.replace(/s$/, '')).join(' ');
}
/** Initials as the pipeline computes them (lnk_l3_org_names): first letters of the base words, "and/of/the" skipped. */
export function initialsOf(name: string): string {
  const folded = name.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/&/g, ' and ').replace(/[^a-z0-9]+/g, ' ').trim().replace(LEGAL_RE, '');
  return folded.split(' ').filter((w) => w && !['and', 'of', 'the'].includes(w)).map((w) => w[0]).join('');
}
/** An organisation's matching key as the pipeline's org_key macro folds it (legal-form spellings unified). */
export function orgKey(name: string): string {
  return ` ${name.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/&/g, ' and ').replace(/[^a-z0-9]+/g, ' ').trim()} `
    .replace(/ incorporated /g, ' inc ').replace(/ limited /g, ' ltd ').replace(/ corporation /g, ' corp ').replace(/ company /g, ' co ')
    .replace(/^ the /, ' ').replace(/\s+/g, ' ').trim();
}
