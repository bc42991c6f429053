const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export const formatDay = (iso: string) => day.format(new Date(iso));
export const formatMoment = (iso: string) => `${moment.format(new Date(iso))} UTC`;
