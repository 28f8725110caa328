<?php
/**
 * Installs WordPress into the rig's empty database, activates the companion plugin and the headless theme, sets
 * the site options and removes the default content (Hello world!, Sample Page, the draft Privacy Policy, the
 * comment) so that the imported seed gets deterministic slugs.
 *
 * Environment: WP_RIG_PORT, WP_RIG_ADMIN_PASSWORD (required), WP_RIG_ADMIN_EMAIL (optional).
 */

require __DIR__ . '/bootstrap.php';

define( 'WP_INSTALLING', true );

// There is no MTA: replace the pluggable install notification before upgrade.php declares it.
function wp_new_blog_notification( $blog_title, $blog_url, $user_id, $password ) {} // phpcs:ignore

require wprig_wp_load();
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

wprig_block_http();

$admin_password = (string) getenv( 'WP_RIG_ADMIN_PASSWORD' );
if ( strlen( $admin_password ) < 12 ) {
	wprig_fail( 'install.php: WP_RIG_ADMIN_PASSWORD is missing or too short' );
}
if ( is_blog_installed() ) {
	wprig_fail( 'install.php: WordPress is already installed in this database' );
}

$result = wp_install(
	'Leeds Racial Justice Network (local rig)',
	'admin',
	getenv( 'WP_RIG_ADMIN_EMAIL' ) ?: 'admin@example.org',
	false,
	'',
	wp_slash( $admin_password ),
	''
);
$admin_id = (int) $result['user_id'];
if ( ! $admin_id ) {
	wprig_fail( 'install.php: wp_install() did not create the admin user' );
}
wp_set_current_user( $admin_id );
wp_update_user(
	array(
		'ID'           => $admin_id,
		'display_name' => 'LRJN Editorial Team',
		'nickname'     => 'LRJN Editorial Team',
	)
);

$options = array(
	'blogdescription'               => 'Local WordPress for integration tests',
	'permalink_structure'           => '/%postname%/',
	'timezone_string'               => 'Europe/London',
	'gmt_offset'                    => '',
	'date_format'                   => 'j F Y',
	'time_format'                   => 'H:i',
	'start_of_week'                 => 1,
	'WPLANG'                        => '',
	'uploads_use_yearmonth_folders' => 1,
	'default_comment_status'        => 'closed',
	'default_ping_status'           => 'closed',
	'default_pingback_flag'         => 0,
	'comment_registration'          => 1,
	'blog_public'                   => 0,
	'posts_per_page'                => 10,
);
foreach ( $options as $name => $value ) {
	update_option( $name, $value );
}

// Default content of wp_install().
$defaults = get_posts(
	array(
		'post_type'      => array( 'post', 'page' ),
		'post_status'    => 'any',
		'posts_per_page' => -1,
		'fields'         => 'ids',
	)
);
foreach ( $defaults as $post_id ) {
	wp_delete_post( $post_id, true );
}
foreach ( get_comments( array( 'fields' => 'ids' ) ) as $comment_id ) {
	wp_delete_comment( $comment_id, true );
}
update_option( 'wp_page_for_privacy_policy', 0 );
update_option( 'sticky_posts', array() );

switch_theme( 'wprig-headless' );

$activated = activate_plugin( 'lrjn-companion/lrjn-companion.php', '', false, true );
if ( is_wp_error( $activated ) ) {
	wprig_fail( 'install.php: cannot activate lrjn-companion: ' . $activated->get_error_message() );
}

echo 'installed WordPress ' . get_bloginfo( 'version' ) . ', removed ' . count( $defaults ) . " default posts/pages\n";
