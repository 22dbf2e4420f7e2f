import { HOUR_SECONDS, type Limit } from '../limits/allowances.ts';

/** Task images one person may upload an hour: each is up to 5 MB on the disk every company shares. */
export const taskImageLimit: Limit = {
  name: 'task-images',
  capacity: 60,
  perSeconds: HOUR_SECONDS,
  message: 'Too many images: at most 60 an hour. Try again in a few minutes.',
};

/** Comments one person may post an hour: each is an event kept for good. */
export const commentLimit: Limit = {
  name: 'comments',
  capacity: 600,
  perSeconds: HOUR_SECONDS,
  message: 'Too many comments: at most 600 an hour. Try again in a few minutes.',
};
