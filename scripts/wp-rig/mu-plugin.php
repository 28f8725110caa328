<?php
/**
 * Plugin Name: WP Rig (local test environment)
 * Description: Tweaks for the offline local rig only: no e-mail, no update checks, no admin e-mail nags.
 *
 * @package WPRig
 */

defined( 'ABSPATH' ) || exit;

// There is no MTA: pretend every e-mail was sent (WordPress 5.7+ honours pre_wp_mail).
add_filter( 'pre_wp_mail', '__return_true' );

// Offline: no update checks or version pings.
add_filter( 'pre_site_transient_update_core', '__return_null' );
add_filter( 'pre_site_transient_update_plugins', '__return_null' );
add_filter( 'pre_site_transient_update_themes', '__return_null' );
add_filter( 'admin_email_check_interval', '__return_zero' );
