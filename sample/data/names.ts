// Name pools for council members, lobbyists and staff: plain, accented and nickname-bearing names, and the given
// names that look like others (namesake decoys).

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
/** Lobbyists' given names, by gender (the registry's prefixes follow it): a Toronto mix of origins. */
export const LOBBYIST_FIRST_F = ['Jennifer', 'Deborah', 'Suzanne', 'Margaret', 'Elizabeth', 'Katherine', 'Alexandra', 'Sarah',
  'Emily', 'Nadia', 'Isabelle', 'Geneviève', 'Zoë', 'Patricia', 'Catherine', 'Rebecca', 'Samantha', 'Victoria', 'Christine',
  'Angela', 'Barbara', 'Heather', 'Laura', 'Lauren', 'Melissa', 'Natalie', 'Stephanie', 'Vanessa', 'Andrea', 'Caroline',
  'Claire', 'Diana', 'Eleanor', 'Fiona', 'Grace', 'Hannah', 'Jessica', 'Julia', 'Kathleen', 'Leah', 'Megan', 'Monica',
  'Nicole', 'Pamela', 'Rosa', 'Shannon', 'Tara', 'Teresa', 'Valerie', 'Wendy', 'Yasmin', 'Anjali', 'Deepa', 'Harpreet',
  'Sunita', 'Farah', 'Leila', 'Shirin', 'Ngozi', 'Abena', 'Keisha', 'Yuki', 'Min-jung', 'Xiaoling', 'Lan', 'Maricel',
  'Rosalind', 'Giulia', 'Francesca', 'Ines', 'Joanna', 'Agnieszka', 'Oksana', 'Eleni', 'Miriam', 'Talia', 'Noor'];
export const LOBBYIST_FIRST_M = ['Robert', 'William', 'Michael', 'James', 'Richard', 'Thomas', 'Daniel', 'Stephen', 'Anthony',
  'Joseph', 'Christopher', 'Gordon', 'Kevin', 'Brian', 'Omar', 'Wei', 'Hiroshi', 'Carlos', 'Marc', 'Andrew', 'Benjamin',
  'Charles', 'Edward', 'Gregory', 'Jonathan', 'Matthew', 'Nicholas', 'Patrick', 'Philip', 'Timothy', 'Douglas', 'Kenneth',
  'Alan', 'Colin', 'Derek', 'Graham', 'Ian', 'Jason', 'Keith', 'Martin', 'Neil', 'Owen', 'Ryan', 'Scott', 'Trevor',
  'Adam', 'Aaron', 'Simon', 'Rajesh', 'Sanjay', 'Arjun', 'Harjit', 'Imran', 'Tariq', 'Yusuf', 'Reza', 'Kwame', 'Chinedu',
  'Desmond', 'Tyrone', 'Kenji', 'Min-ho', 'Jian', 'Minh', 'Rodrigo', 'Paolo', 'Enzo', 'Joao', 'Piotr', 'Taras', 'Nikos',
  'Dimitri', 'Avi', 'Jacob', 'Mathieu', 'Étienne', 'Pierre'];
export const LOBBYIST_FIRST = [...LOBBYIST_FIRST_F, ...LOBBYIST_FIRST_M];
/** Lobbyists' surnames. The sample keeps them apart from council members' surnames (people.ts checks), so a
 * lobbyist shares a member's surname only where the sample plants a namesake. */
export const LOBBYIST_LAST = ['Abbott', 'Baxter', 'Chu', 'Dimitriou', 'Evans', 'Fitzgerald', 'Gallagher', 'Hoffman',
  'Iacobucci', 'Johal', 'Kaplan', 'Lindqvist', 'Mancini', 'Nakamura', 'Okafor', 'Pereira', 'Quinn', 'Rahman', 'Sokolov',
  'Tran', 'Underwood', 'Valente', 'Whitfield', 'Xu', 'Yilmaz', 'Zimmerman', 'Bélanger', 'Da Silva', 'MacLeod', 'Sutherland',
  'Goldberg', 'Kostopoulos', 'Lam', 'Mehta', 'Rosenberg', 'Stewart', 'Wallace', 'Young', 'Bhatt', 'Cohen',
  'Adeyemi', 'Agarwal', 'Alvarez', 'Andrade', 'Armstrong', 'Asante', 'Bajwa', 'Barbieri', 'Beaulieu', 'Bennett', 'Bernstein',
  'Bianchi', 'Bishop', 'Boateng', 'Bouchard', 'Brennan', 'Burke', 'Caldwell', 'Cardoso', 'Castillo', 'Chandra', 'Chow',
  'Coleman', 'Connolly', 'Costa', 'Cunningham', 'Dhaliwal', 'Dias', 'Donovan', 'Dubois', 'Duncan', 'Ellis', 'Esposito',
  'Farah', 'Fernandes', 'Finch', 'Fontaine', 'Gill', 'Gomes', 'Gordon', 'Grewal', 'Guerrero', 'Gupta', 'Hamilton',
  'Hassan', 'Henderson', 'Ho', 'Hughes', 'Hussain', 'Ibrahim', 'Ivanova', 'Jamieson', 'Joshi', 'Kang', 'Kaur', 'Kennedy',
  'Khoury', 'Kim', 'Kovac', 'Kumar', 'Lachance', 'Landry', 'Lau', 'Lebrun', 'Leung', 'Levy', 'Lopes', 'Lynch', 'Mahmoud',
  'Marino', 'Marshall', 'Martel', 'Mendes', 'Mitchell', 'Moreau', 'Murphy', 'Nair', 'Ng', 'Nowak', 'Ochoa', 'Oliveira',
  'Ortiz', 'Owusu', 'Papadopoulos', 'Park', 'Pham', 'Pillai', 'Popescu', 'Qureshi', 'Ramirez', 'Reid', 'Ricci', 'Richards',
  'Rizzo', 'Robertson', 'Russo', 'Sahota', 'Salazar', 'Sandhu', 'Santoro', 'Schwartz', 'Shah', 'Sharma', 'Shapiro',
  'Sidhu', 'Silva', 'Sinclair', 'Soares', 'Spencer', 'Stein', 'Sullivan', 'Tan', 'Tanaka', 'Tavares', 'Teixeira', 'Thakur',
  'Torres', 'Vasquez', 'Vieira', 'Vo', 'Wang', 'Weiss', 'Whelan', 'Wilkinson', 'Wu', 'Yang', 'Yee', 'Zhang', 'Zhou',
  'Ahmadi', 'Azizi', 'Banerjee', 'Desai', 'Fong', 'Hosseini', 'Iyer', 'Jaffer', 'Lalonde', 'Mensah', 'Mirza', 'Nasser',
  'Paquette', 'Rashid', 'Sayed', 'Sethi', 'Tsang', 'Varga', 'Wiens', 'Yeung'];
/** Given names that look like another (similarity > 0.9) but belong to someone else: the sample's namesakes of former
 * members (L5 decoys) draw from here. */
export const LOOKALIKE_FIRST: Record<string, string[]> = {
  Paul: ['Paula', 'Paulo'], Paula: ['Paul', 'Paulo'], Daniel: ['Daniela', 'Danielle'], Michael: ['Michaela', 'Micheal'],
  Mark: ['Marko', 'Marc'], John: ['Johan', 'Jon'], Peter: ['Petra', 'Pieter'], Anthony: ['Antony', 'Antoni'],
  Robert: ['Roberta', 'Roberto'], Stephen: ['Stephan', 'Stephanie'], Vincent: ['Vincenzo', 'Vincente'], Gary: ['Garry', 'Garey'],
  Thomas: ['Tomas', 'Thomaz'], Richard: ['Rickard', 'Ricardo'], Raymond: ['Raymonde', 'Raymund'], Frank: ['Franco', 'Frankie'],
  James: ['Jameson', 'Jamie'], David: ['Davide', 'Davina'], William: ['Willem', 'Wilhelm'], Joe: ['Joey', 'Joel'],
  Mike: ['Mikel', 'Mikey'], Jim: ['Jimi', 'Jimmy'], Brad: ['Bradley', 'Brady'], Josh: ['Joshua', 'Josiah'],
  Gord: ['Gordie', 'Gordo'], Norm: ['Norma', 'Normand'], Luis: ['Luisa', 'Louis'], Raj: ['Raja', 'Rajan'], André: ['Andrée', 'Andrea'],
  François: ['Françoise', 'Francis'], Ahmed: ['Ahmad', 'Ahmet'], Denzil: ['Denzel', 'Denzell'], Neethan: ['Neethana', 'Nethan'],
  Jaime: ['Jaimie', 'Jamie'], Giorgio: ['Giorgia', 'Georgio'], Chin: ['Chinh', 'Chinn'],
  Ana: ['Anna', 'Anya'], Shelley: ['Shelly', 'Shelli'], Frances: ['Francis', 'Francesca'], Janet: ['Janette', 'Janetta'],
  Gloria: ['Glória', 'Gloriana'], Maria: ['Mariah', 'Marie'], Kristyn: ['Kristen', 'Kristin'], Jaye: ['Jay', 'Jayne'],
  Jennifer: ['Jenifer', 'Jenniffer'], Lily: ['Lilly', 'Lili'], Alejandra: ['Alejandro', 'Alessandra'], Amber: ['Amberly', 'Ambra'],
  Dianne: ['Diane', 'Dianna'], Nancy: ['Nanci', 'Nancie'], Karen: ['Karin', 'Karena'], Sandra: ['Sondra', 'Sandro'],
  Michelle: ['Michele', 'Michel'], Cynthia: ['Cinthia', 'Cynthea'], Josée: ['José', 'Josie'], Mélanie: ['Melany', 'Melania'],
  Hélène: ['Helena', 'Helen'], Priya: ['Priyanka', 'Priyam'], Mei: ['Meiling', 'Meili'], Olivia: ['Olive', 'Olivier'],
  Rachel: ['Rachelle', 'Raquel'], Deborah: ['Debora', 'Deborra'], Suzanne: ['Susanne', 'Suzann'], Linda: ['Lynda', 'Lindy'],
  Sofia: ['Sophia', 'Sofie'], Chantal: ['Chantale', 'Chantelle'], Renée: ['René', 'Renata'], Aisha: ['Aishah', 'Ayesha'],
  Fatima: ['Fatimah', 'Fatma'],
};
export const PREFIXES_M = ['Mr', 'Mr.', 'MR', 'Mr. ', 'Mr'];
export const PREFIXES_F = ['Ms.', 'Ms', 'Mrs', 'Miss', 'Ms.'];
export const PREFIXES_OTHER = ['Dr', 'Professor', 'Hon', 'Mme'];
export const MIDDLE = ['', '', '', 'A.', 'J', 'M.', 'R', 'K.', 'E', 'L.'];
export const POSITIONS = ['President', 'Vice President, Development', 'Senior Consultant', 'Principal', 'Partner',
  'Director, Government Relations', 'Chief Executive Officer', 'Manager, Public Affairs', 'Executive Director',
  'Senior Associate', 'Vice-President', 'Chair', 'Planner', 'Development Manager', 'Legal Counsel'];
