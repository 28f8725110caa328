<?php
/**
 * Test clean-up: `php scripts/wp-rig/forget-old-slug.php <post id> <slug>` removes one `_wp_old_slug` record that a
 * test's rename and rename back left behind (WordPress keeps every slug a post ever had), so the rig's old-slug
 * list is as it was. Needs WP_RIG_PORT and WP_RIG_CONFIG_FILE (<state>/wp-config-rig.php) like the other scripts.
 */

require __DIR__ . '/bootstrap.php';
require wprig_wp_load();

$wprig_id   = isset( $argv[1] ) ? (int) $argv[1] : 0;
$wprig_slug = isset( $argv[2] ) ? (string) $argv[2] : '';
if ( $wprig_id <= 0 || '' === $wprig_slug ) {
	wprig_fail( 'usage: forget-old-slug.php <post id> <slug>' );
}
delete_post_meta( $wprig_id, '_wp_old_slug', $wprig_slug );
echo "forgot {$wprig_slug}\n";
