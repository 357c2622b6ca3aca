export const unlistedTokenMessage = (token: string) =>
  `Instrument Token ${token} is not an index or F&O instrument the exchange lists today: copy the token from the exchange's instruments list`;

export const tokenTakenMessage = (token: string, name: string) =>
  `Instrument Token ${token} is already used by the instrument ${name}`;

export const nameTakenMessage = (name: string) => `An instrument named ${name} already exists: choose another name`;
