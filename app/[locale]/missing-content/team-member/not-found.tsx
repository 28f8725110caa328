export { default } from '../../team-member/[slug]/not-found';
