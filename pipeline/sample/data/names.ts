// Name pools for council members, lobbyists and staff: plain, accented and nickname-bearing names.

export const FIRST_NAMES_F = ['Ana', 'Paula', 'Shelley', 'Frances', 'Janet', 'Gloria', 'Maria', 'Kristyn', 'Jaye', 'Jennifer',
  'Lily', 'Alejandra', 'Amber', 'Dianne', 'Nancy', 'Karen', 'Sandra', 'Michelle', 'Cynthia', 'Josée', 'Mélanie', 'Hélène',
  'Priya', 'Mei', 'Olivia', 'Rachel', 'Deborah', 'Suzanne', 'Linda', 'Sofia', 'Chantal', 'Renée', 'Aisha', 'Fatima'];
export const FIRST_NAMES_M = ['Paul', 'Brad', 'Mike', 'Gary', 'Joe', 'John', 'Michael', 'Stephen', 'Jim', 'Denzil', 'Mark',
  'James', 'Josh', 'Gord', 'Jaime', 'Neethan', 'Vincent', 'Giorgio', 'Anthony', 'Frank', 'Norm', 'Raymond', 'Peter',
  'David', 'Robert', 'William', 'Thomas', 'Richard', 'Daniel', 'André', 'François', 'Raj', 'Chin', 'Ahmed', 'Luis'];
export const LAST_NAMES = ['Ainslie', 'Bradford', 'Carroll', 'Colle', 'Crawford', 'Cressy', 'Filion', 'Fletcher', 'Ford',
  'Grimes', 'Holyday', 'Karygiannis', 'Kelly', 'Layton', 'Lai', 'Matlow', 'McKelvie', 'Minnan-Wong', 'Nunziata', 'Pasternak',
  'Perks', 'Perruzza', 'Robinson', 'Thompson', 'Wong-Tam', 'Bravo', 'Burnside', 'Chernos Lin', 'Cheng', 'Kandavel',
  'Malik', 'Moise', 'Morley', 'Myers', 'Saxe', 'Augimeri', 'Mammoliti', 'De Baeremaeker', 'Del Grande', 'Di Giorgio',
  'Fragedakis', 'Berardinetti', 'Milczyn', 'Palacio', 'Shiner', 'Stintz', 'Vaughan', 'Walker', 'Parker', 'Moeser',
  'McConnell', 'Davis', 'Doucette', 'Fragomeni', 'Hall', 'Harris', 'Jenkins', 'Mihevc', 'Ootes', 'Pantalone', 'Rae',
  'Thomson', 'Watson', 'Carmichael', 'Greenberg', 'Nguyen', 'Singh', 'Patel', 'Chen', 'Campbell', 'MacDonald', "O'Brien",
  'Fraser', 'Tremblay', 'Gagnon', 'Roy', 'Kowalski', 'Novak', 'Rossi', 'Ferreira', 'Santos', 'Haddad', 'Ali', 'Osei'];
/** Accented surnames: written correctly in TMMIS and mojibaked in some vote rows. */
export const ACCENTED_LAST = ['Bailão', 'Côté', 'Thériault', 'Nuñez', 'Gagné', 'Lévesque', 'Müller', 'Brûlé'];
export const STAFF_FIRST = ['Alex', 'Jordan', 'Taylor', 'Morgan', 'Casey', 'Jamie', 'Robin', 'Sam', 'Chris', 'Pat', 'Dana', 'Lee'];

/** Formal first name → nickname used in brackets by some lobbyists and in POH_Name by others. */
export const NICKNAMES: Record<string, string> = {
  Robert: 'Bob', William: 'Bill', Michael: 'Mike', James: 'Jim', Richard: 'Rick', Thomas: 'Tom', Daniel: 'Dan',
  Jennifer: 'Jen', Deborah: 'Deb', Suzanne: 'Sue', Stephen: 'Steve', Anthony: 'Tony', Joseph: 'Joe', Margaret: 'Peggy',
  Elizabeth: 'Liz', Katherine: 'Kate', Christopher: 'Chris', Gordon: 'Gord', Raymond: 'Ray', Alexandra: 'Sasha',
};
export const LOBBYIST_FIRST = ['Robert', 'William', 'Michael', 'James', 'Richard', 'Thomas', 'Daniel', 'Jennifer', 'Deborah',
  'Suzanne', 'Stephen', 'Anthony', 'Joseph', 'Margaret', 'Elizabeth', 'Katherine', 'Christopher', 'Gordon', 'Alexandra',
  'Sarah', 'Emily', 'Kevin', 'Brian', 'Nadia', 'Omar', 'Wei', 'Hiroshi', 'Carlos', 'Isabelle', 'Marc', 'Geneviève', 'Zoë'];
export const LOBBYIST_LAST = ['Abbott', 'Baxter', 'Chu', 'Dimitriou', 'Evans', 'Fitzgerald', 'Gallagher', 'Hoffman',
  'Iacobucci', 'Johal', 'Kaplan', 'Lindqvist', 'Mancini', 'Nakamura', 'Okafor', 'Pereira', 'Quinn', 'Rahman', 'Sokolov',
  'Tran', 'Underwood', 'Valente', 'Whitfield', 'Xu', 'Yilmaz', 'Zimmerman', 'Bélanger', 'Da Silva', 'MacLeod', 'Sutherland',
  'Goldberg', 'Kostopoulos', 'Lam', 'Mehta', 'Rosenberg', 'Stewart', 'Wallace', 'Young', 'Bhatt', 'Cohen'];
export const PREFIXES_M = ['Mr', 'Mr.', 'MR', 'Mr. ', 'Mr'];
export const PREFIXES_F = ['Ms.', 'Ms', 'Mrs', 'Miss', 'Ms.'];
export const PREFIXES_OTHER = ['Dr', 'Professor', 'Hon', 'Mme'];
export const MIDDLE = ['', '', '', 'A.', 'J', 'M.', 'R', 'K.', 'E', 'L.'];
export const POSITIONS = ['President', 'Vice President, Development', 'Senior Consultant', 'Principal', 'Partner',
  'Director, Government Relations', 'Chief Executive Officer', 'Manager, Public Affairs', 'Executive Director',
  'Senior Associate', 'Vice-President', 'Chair', 'Planner', 'Development Manager', 'Legal Counsel'];
