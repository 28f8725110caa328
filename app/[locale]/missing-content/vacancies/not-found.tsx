export { default } from '../../vacancies/[slug]/not-found';
