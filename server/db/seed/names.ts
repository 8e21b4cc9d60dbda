/**
 * Names that sound like a US dental practice's patient list. Surnames carry their approximate
 * frequency per 100,000 people (2010 US Census), so Smith and Garcia are common and Lambert is rare,
 * as in a real practice. First names follow the generation a patient was born into: a 60-year-old
 * is more often a Linda than an Ava.
 */

const SURNAMES_BY_FREQUENCY = `
Smith:828 Johnson:655 Williams:551 Brown:487 Jones:483 Garcia:398 Miller:395 Davis:384 Rodriguez:371
Martinez:365 Hernandez:364 Lopez:292 Gonzalez:283 Wilson:274 Anderson:270 Thomas:262 Taylor:260
Moore:246 Jackson:240 Martin:238 Lee:234 Perez:227 Thompson:225 White:224 Harris:212 Sanchez:208
Clark:188 Ramirez:185 Lewis:178 Robinson:177 Walker:175 Young:163 Allen:163 King:161 Wright:160
Scott:148 Torres:146 Nguyen:145 Hill:143 Flores:142 Green:142 Adams:140 Nelson:139 Baker:137 Hall:136
Rivera:134 Campbell:127 Mitchell:127 Carter:126 Roberts:125 Gomez:118 Phillips:116 Evans:115 Turner:114
Diaz:113 Parker:111 Cruz:110 Edwards:110 Collins:109 Reyes:107 Stewart:106 Morris:104 Morales:104
Murphy:102 Cook:102 Rogers:102 Gutierrez:99 Ortiz:98 Morgan:97 Cooper:97 Peterson:96 Bailey:96 Reed:95
Kelly:94 Howard:94 Ramos:92 Kim:92 Cox:91 Ward:90 Richardson:90 Watson:89 Brooks:88 Chavez:87 Wood:87
James:86 Bennett:85 Gray:85 Mendoza:84 Ruiz:83 Hughes:82 Price:82 Alvarez:81 Castillo:81 Sanders:80
Patel:80 Myers:80 Long:79 Ross:79 Foster:78 Jimenez:77 Powell:76 Jenkins:76 Perry:75 Russell:75
Sullivan:74 Bell:74 Coleman:73 Butler:73 Henderson:72 Barnes:72 Gonzales:71 Fisher:70 Vasquez:70
Simmons:69 Romero:69 Jordan:69 Patterson:68 Alexander:68 Hamilton:68 Graham:67 Reynolds:67 Griffin:67
Wallace:66 Moreno:66 West:65 Cole:65 Hayes:65 Bryant:64 Herrera:64 Gibson:63 Ellis:63 Tran:63 Medina:62
Aguilar:62 Stevens:62 Murray:61 Ford:61 Castro:61 Marshall:61 Owens:61 Harrison:60 Fernandez:60
McDonald:59 Woods:59 Washington:59 Kennedy:58 Wells:58 Vargas:58 Henry:57 Chen:57 Freeman:57 Webb:57
Tucker:57 Guzman:56 Burns:56 Crawford:56 Olson:56 Simpson:55 Porter:55 Hunter:55 Gordon:55 Mendez:54
Silva:54 Shaw:54 Snyder:54 Mason:54 Dixon:53 Munoz:53 Hunt:53 Hicks:53 Holmes:53 Palmer:52 Wagner:52
Black:52 Robertson:51 Boyd:51 Rose:51 Stone:51 Salazar:51 Fox:50 Warren:50 Mills:50 Meyer:50 Rice:49
Schmidt:49 Garza:49 Daniels:49 Ferguson:48 Nichols:48 Stephens:48 Soto:48 Weaver:47 Ryan:47 Gardner:47
Payne:47 Grant:47 Dunn:47 Kelley:46 Spencer:46 Hawkins:46 Arnold:46 Pierce:46 Vazquez:46 Hansen:45
Peters:45 Santos:45 Hart:45 Bradley:45 Knight:45 Elliott:44 Cunningham:44 Duncan:44 Armstrong:44
Hudson:44 Carroll:44 Lane:43 Riley:43 Andrews:43 Alvarado:43 Ray:43 Delgado:43 Berry:43 Perkins:42
Hoffman:42 Johnston:42 Matthews:42 Pena:42 Richards:42 Contreras:42 Willis:41 Carpenter:41 Lawrence:41
Sandoval:41 Guerrero:41 George:41 Chapman:41 Rios:40 Estrada:40 Ortega:40 Watkins:40 Greene:40 Nunez:40
Wheeler:40 Valdez:40 Harper:40 Burke:39 Larson:39 Santiago:39 Maldonado:39 Morrison:39 Franklin:39
Carlson:39 Austin:38 Dominguez:38 Carr:38 Lawson:38 Jacobs:38 O'Brien:38 Lynch:38 Singh:38 Vega:38
Bishop:38 Montgomery:37 Oliver:37 Jensen:37 Harvey:37 Williamson:37 Gilbert:37 Dean:37 Sims:37
Espinoza:37 Howell:37 Li:36 Wong:36 Reid:36 Hanson:36 Le:36 McCoy:36 Garrett:36 Burton:36 Fuller:36
Wang:36 Weber:35 Welch:35 Rojas:35 Lucas:35 Marquez:35 Fields:35 Park:35 Yang:35 Little:35 Banks:35
Padilla:35 Day:35 Walsh:34 Bowman:34 Schultz:34 Luna:34 Fowler:34 Mejia:34 Davidson:34 Acosta:34
Brewer:34 May:34 Holland:34 Juarez:34 Newman:33 Pearson:33 Curtis:33 Cortez:33 Douglas:33 Schneider:33
Joseph:33 Barrett:33 Navarro:33 Figueroa:33 Keller:33 Avila:33 Wade:33 Molina:33 Stanley:33 Hopkins:33
Campos:32 Barnett:32 Bates:32 Chambers:32 Caldwell:32 Beck:32 Lambert:32 Miranda:32 Byrd:32 Craig:32
Ayala:32 Lowe:32 Frazier:32 Powers:32 Neal:32 Leonard:31 Gregory:31 Carrillo:31 Sutton:31 Fleming:31
Rhodes:31 Shelton:31 Schwartz:31 Norris:31 Jennings:31 Watts:31 Duran:31 Walters:31 Cohen:31
McDaniel:31 Moran:30 Parks:30 Steele:30 Vaughn:30 Becker:30 Holt:30 DeLeon:30 Barker:30 Terry:30 Hale:30
`;

export const SURNAMES: { name: string; weight: number }[] = SURNAMES_BY_FREQUENCY.trim()
  .split(/\s+/)
  .map((entry) => {
    const [name, weight] = entry.split(':');
    return { name: name!, weight: Number(weight) };
  });

const words = (s: string) => s.trim().split(/\s+/);

/** Born before 1970, 1970–2001, 2002 and later. */
export type Generation = 'older' | 'middle' | 'younger';

export const FIRST_NAMES: Record<'female' | 'male', Record<Generation, string[]>> = {
  female: {
    older: words(`Mary Patricia Linda Barbara Elizabeth Susan Deborah Karen Nancy Donna Sandra Carol Sharon
      Cynthia Pamela Debra Brenda Diane Janet Kathleen Margaret Teresa Denise Gloria Rosa Maria Julie Laura
      Lisa Kimberly Cheryl Rebecca Martha Anne Carmen Joyce Judith Virginia Ruth Yolanda Irene Helen`),
    middle: words(`Jennifer Jessica Amanda Ashley Sarah Stephanie Melissa Nicole Elizabeth Heather Michelle
      Amy Angela Emily Lauren Megan Rachel Samantha Brittany Danielle Kristen Christina Tiffany Vanessa Erica
      Crystal Andrea Monica Natalie Kelly Courtney Alyssa Erin Brianna Hannah Kayla Priya Mei Ana Veronica
      Yesenia Keisha Jasmine Latoya Diana Gabriela Linh Aisha`),
    younger: words(`Olivia Emma Ava Sophia Isabella Mia Charlotte Amelia Harper Evelyn Abigail Emily Ella
      Camila Luna Sofia Avery Mila Aria Scarlett Penelope Layla Chloe Victoria Madison Eleanor Grace Nora
      Riley Zoey Hannah Hazel Lily Ellie Violet Lillian Zoe Stella Aurora Natalie Emilia Everly Leah Aubrey
      Willow Addison Lucy Audrey Valentina Ximena Naomi Aaliyah Maya Isla Ivy`),
  },
  male: {
    older: words(`James Robert John Michael William David Richard Charles Joseph Thomas Gary Larry Jeffrey
      Ronald Donald Kenneth Steven Paul Mark Dennis Timothy Gregory Stephen Edward Douglas Terry Roger Frank
      Raymond Jose Juan Carlos Bruce Wayne Walter Gerald Keith Alan Peter Harold Ernest Manuel`),
    middle: words(`Christopher Matthew Joshua Daniel Andrew Justin Ryan Brandon Jason Kevin Eric Brian Adam
      Nicholas Jonathan Tyler Anthony Aaron Kyle Jacob Zachary Jeremy Nathan Benjamin Sean Travis Marcus
      Derek Luis Miguel Jorge Alejandro Omar Andre Darnell Raj Vikram Minh Samuel Patrick Gabriel Dustin
      Cody Hector Jamal`),
    younger: words(`Liam Noah Oliver Elijah James William Benjamin Lucas Henry Theodore Jack Levi Alexander
      Jackson Mateo Daniel Michael Mason Sebastian Ethan Logan Owen Samuel Jacob Asher Aiden John Joseph
      Wyatt David Leo Luke Julian Hudson Grayson Matthew Ezra Gabriel Carter Isaac Jayden Luca Anthony Dylan
      Lincoln Thomas Elias Josiah Charles Caleb Christopher Miles Isaiah Andrew Joshua Nathan Nolan Adrian
      Cameron Santiago Eli Aaron Diego`),
  },
};

export function generationOf(birthYear: number): Generation {
  if (birthYear < 1970) return 'older';
  if (birthYear < 2002) return 'middle';
  return 'younger';
}
